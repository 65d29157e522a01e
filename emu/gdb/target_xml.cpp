#include "gdb/target_xml.h"

namespace pimnic::gdb {

namespace {

const char kHeader[] = "<?xml version=\"1.0\"?>\n<!DOCTYPE feature SYSTEM \"gdb-target.dtd\">\n";

std::string reg_xml(const RegDef& r, const char* type, const char* group = nullptr) {
  std::string s = "  <reg name=\"" + r.name + "\" bitsize=\"" + std::to_string(r.bits) + "\" regnum=\"" +
                  std::to_string(r.regnum) + "\" type=\"" + type + "\"";
  if (group) s += std::string(" group=\"") + group + "\"";
  return s + "/>\n";
}

std::string feature(const std::string& name, const std::string& body) {
  return kHeader + ("<feature name=\"" + name + "\">\n") + body + "</feature>\n";
}

// The vector types of a register of `bytes` bytes: one vector per element size, and a union.
std::string vector_types(unsigned bytes) {
  const unsigned n32 = bytes / 4, n16 = bytes / 2, n8 = bytes;
  const std::string u = std::to_string(8 * bytes);
  auto vec = [](const std::string& id, const char* type, unsigned count) {
    return "  <vector id=\"" + id + "\" type=\"" + type + "\" count=\"" + std::to_string(count) + "\"/>\n";
  };
  auto field = [](const std::string& name, const std::string& type) {
    return "    <field name=\"" + name + "\" type=\"" + type + "\"/>\n";
  };
  std::string s;
  std::string f = "v" + std::to_string(n32) + "f", i32 = "v" + std::to_string(n32) + "i32",
              i16 = "v" + std::to_string(n16) + "i16", i8 = "v" + std::to_string(n8) + "i8";
  s += vec(f, "ieee_single", n32) + vec(i32, "int32", n32) + vec(i16, "int16", n16) + vec(i8, "int8", n8);
  std::string fields;
  if (bytes == 16) {
    fields += field("uint128", "uint128");  // the usual AltiVec view names, as gdb's own cores have
  } else {
    s += vec("v" + std::to_string(bytes / 16) + "u128", "uint128", bytes / 16);
  }
  fields += field("v" + std::to_string(n32) + "_float", f) + field("v" + std::to_string(n32) + "_int32", i32) +
            field("v" + std::to_string(n16) + "_int16", i16) + field("v" + std::to_string(n8) + "_int8", i8);
  if (bytes != 16) fields += field("v" + std::to_string(bytes / 16) + "_uint128", "v" + std::to_string(bytes / 16) + "u128");
  s += "  <union id=\"vec" + u + "\">\n" + fields + "  </union>\n";
  return s;
}

}  // namespace

std::map<std::string, std::string> target_description(const RegisterLayout& L) {
  std::map<std::string, std::string> files;
  std::string core, fpu, vec, sup;
  const std::string vtype = "vec" + std::to_string(8 * L.vec_bytes);
  for (const RegDef& r : L.regs) {
    switch (r.kind) {
      case RegKind::Gpr: case RegKind::Msr: case RegKind::Cr: case RegKind::Ctr: case RegKind::Xer:
        core += reg_xml(r, "uint32");
        break;
      case RegKind::Pc: case RegKind::Lr: core += reg_xml(r, "code_ptr"); break;
      case RegKind::Fpr: fpu += reg_xml(r, "ieee_double"); break;
      case RegKind::Fpscr: fpu += reg_xml(r, "int", "float"); break;
      case RegKind::Vr: vec += reg_xml(r, vtype.c_str(), "vector"); break;
      case RegKind::Vscr: case RegKind::Vrsave: vec += reg_xml(r, "int", "vector"); break;
      case RegKind::Spr:
        sup += reg_xml(r, r.name == "srr0" ? "code_ptr" : "uint32", "system");
        break;
    }
  }
  std::string target = "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
                       "<target version=\"1.0\">\n  <architecture>powerpc:common</architecture>\n";
  auto include = [&](const std::string& file, const std::string& name, const std::string& body) {
    files[file] = feature(name, body);
    target += "  <xi:include href=\"" + file + "\"/>\n";
  };
  include("power-core.xml", "org.gnu.gdb.power.core", core);
  if (L.fpu) include("power-fpu.xml", "org.gnu.gdb.power.fpu", fpu);
  if (L.vec_bytes == 16) include("power-altivec.xml", "org.gnu.gdb.power.altivec", vector_types(16) + vec);
  if (L.vec_bytes == 32)
    include("pimnic-altivec256.xml", "org.pimnic.power.altivec256", vector_types(32) + vec);
  include("pimnic-supervisor.xml", "org.pimnic.power.supervisor", sup);
  files["target.xml"] = target + "</target>\n";
  return files;
}

}  // namespace pimnic::gdb
