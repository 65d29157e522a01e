#include "isa/operand_fields.h"

#include <bit>

namespace pimnic::isa {

uint32_t operand_field_mask(Field f) {
  switch (f) {
    case Field::RT: case Field::RS: case Field::FRT: case Field::FRS: case Field::VRT:
    case Field::VRS: case Field::BT: case Field::BO: case Field::TO:
      return field_mask(6, 10);
    case Field::RA: case Field::FRA: case Field::VRA: case Field::BA: case Field::BI:
    case Field::VUIMM: case Field::VSIMM:
      return field_mask(11, 15);
    case Field::RB: case Field::FRB: case Field::VRB: case Field::BB: case Field::SH:
    case Field::NB: case Field::PIMX:
      return field_mask(16, 20);
    case Field::FRC: case Field::VRC: case Field::MB: case Field::CRB21:
      return field_mask(21, 25);
    case Field::ME: return field_mask(26, 30);
    case Field::BF: case Field::FBF: return field_mask(6, 8);
    case Field::BFA: return field_mask(11, 13);
    case Field::BD: return field_mask(16, 29);
    case Field::LI: return field_mask(6, 29);
    case Field::SI: case Field::UI: case Field::D: return field_mask(16, 31);
    case Field::SPR: case Field::DCR: case Field::TBR: return field_mask(11, 20);
    case Field::CRM: return field_mask(12, 19);
    case Field::FLM: return field_mask(7, 14);
    case Field::U: return field_mask(16, 19);
    case Field::L: return field_mask(10, 10);
    case Field::E: return field_mask(16, 16);
    case Field::VSH: return field_mask(22, 25);
    case Field::STRM: return field_mask(9, 10);
    case Field::None: return 0;
  }
  return 0;
}

int64_t operand_value(Field f, uint32_t w) {
  switch (f) {
    case Field::BF: return crfd(w);
    case Field::BFA: return crfs(w);
    case Field::BD: return bd(w);
    case Field::LI: return li(w);
    case Field::SI: case Field::D: return simm(w);
    case Field::UI: return uimm(w);
    case Field::SPR: case Field::DCR: case Field::TBR: return spr(w);
    case Field::CRM: return crm(w);
    case Field::FLM: return fm(w);
    case Field::U: return field(w, 16, 19);
    case Field::L: return field(w, 10, 10);
    case Field::E: return field(w, 16, 16);
    case Field::VSH: return vsh(w);
    case Field::VSIMM: return vsimm(w);
    case Field::NB: return rb(w);
    default: {
      uint32_t m = operand_field_mask(f);
      return m ? int64_t((w & m) >> std::countr_zero(m)) : 0;
    }
  }
}

RegFile operand_regfile(Field f) {
  switch (f) {
    case Field::RT: case Field::RS: case Field::RA: case Field::RB: return RegFile::Gpr;
    case Field::FRT: case Field::FRS: case Field::FRA: case Field::FRB: case Field::FRC:
      return RegFile::Fpr;
    case Field::VRT: case Field::VRS: case Field::VRA: case Field::VRB: case Field::VRC:
      return RegFile::Vr;
    case Field::BF: case Field::BFA: return RegFile::CrField;
    case Field::BT: case Field::BA: case Field::BB: case Field::BI: case Field::CRB21:
      return RegFile::CrBit;
    default: return RegFile::None;
  }
}

}  // namespace pimnic::isa
