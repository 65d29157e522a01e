/* The C side of interrupt handling: the handler table, the dispatcher called by the entry code in
 * vectors.S, and the default handler that reports the interrupt and stops. The report uses only
 * the console driver (no printf), so it works even when the fault came from inside printf. */
#include <stddef.h>
#include <stdint.h>

#include "exception_frame.h"
#include "pimnic/console.h"
#include "pimnic/exceptions.h"
#include "pimnic/exit.h"

/* The assembly offsets and the C struct must agree. */
#define FRAME_AT(field, off) _Static_assert(offsetof(pimnic_exception_frame, field) + EXC_STRUCT == (off), #field)
FRAME_AT(gpr, EXC_GPR(0));
FRAME_AT(cr, EXC_CR);
FRAME_AT(lr, EXC_LR);
FRAME_AT(ctr, EXC_CTR);
FRAME_AT(xer, EXC_XER);
FRAME_AT(srr0, EXC_SRR0);
FRAME_AT(srr1, EXC_SRR1);
FRAME_AT(dar, EXC_DAR);
FRAME_AT(dsisr, EXC_DSISR);
FRAME_AT(vector, EXC_VECTOR);
FRAME_AT(fpscr, EXC_FPSCR);
FRAME_AT(fpr, EXC_FPR(0));
FRAME_AT(vscr, EXC_VSCR);
FRAME_AT(vr, EXC_VR(0));
_Static_assert(sizeof(pimnic_exception_frame) + EXC_STRUCT <= EXC_FRAME_SIZE, "frame size");
_Static_assert((EXC_VSCR % 16) == 0 && (EXC_VR(0) % 16) == 0, "stvx needs 16-byte alignment");

/* Slots 1..31 for vectors 0x100..0x1F00, slot 32 for 0xF20. */
#define SLOTS 33
static pimnic_exception_handler handlers[SLOTS];
static int depth; /* nesting of unhandled reports, to stop a fault loop inside the report */

static int slot_of(uint32_t vector) {
  if (vector == 0xF20) return 32;
  if (vector & 0xFF || vector < 0x100 || vector > 0x1F00) return -1;
  return (int)(vector >> 8);
}

pimnic_exception_handler pimnic_set_exception_handler(uint32_t vector, pimnic_exception_handler handler) {
  int s = slot_of(vector);
  if (s < 0) return NULL;
  pimnic_exception_handler old = handlers[s];
  handlers[s] = handler;
  return old;
}

const char* pimnic_exception_name(uint32_t vector) {
  switch (vector) {
    case 0x100: return "system reset";
    case 0x200: return "machine check";
    case 0x300: return "storage (DSI)";
    case 0x400: return "instruction storage (ISI)";
    case 0x500: return "external";
    case 0x600: return "alignment";
    case 0x700: return "program";
    case 0x800: return "floating-point unavailable";
    case 0x900: return "decrementer";
    case 0xC00: return "system call";
    case 0xD00: return "trace";
    case 0xF20: return "vector unavailable";
    default: return "reserved";
  }
}

/* The same mapping as `pimnic run` uses for an image without handlers. */
int pimnic_exception_exit_code(const pimnic_exception_frame* f) {
  enum { SIGILL = 4, SIGTRAP = 5, SIGBUS = 7, SIGFPE = 8, SIGSEGV = 11 };
  switch (f->vector) {
    case 0x700:
      if (f->srr1 & PIMNIC_SRR1_PROGRAM_TRAP) return 128 + SIGTRAP;
      if (f->srr1 & PIMNIC_SRR1_PROGRAM_FP) return 128 + SIGFPE;
      return 128 + SIGILL;
    case 0x600: return 128 + SIGBUS;
    case 0x300: case 0x400: return 128 + SIGSEGV;
    default: return 128 + SIGILL;
  }
}

static char* put_str(char* p, const char* s) {
  while (*s) *p++ = *s++;
  return p;
}

static char* put_hex(char* p, uint32_t v) {
  *p++ = '0', *p++ = 'x';
  for (int i = 28; i >= 0; i -= 4) *p++ = "0123456789abcdef"[(v >> i) & 0xF];
  return p;
}

static const char* program_reason(uint32_t srr1) {
  if (srr1 & PIMNIC_SRR1_PROGRAM_ILLEGAL) return " (illegal instruction)";
  if (srr1 & PIMNIC_SRR1_PROGRAM_PRIV) return " (privileged instruction)";
  if (srr1 & PIMNIC_SRR1_PROGRAM_TRAP) return " (trap)";
  if (srr1 & PIMNIC_SRR1_PROGRAM_FP) return " (floating-point enabled exception)";
  return "";
}

__attribute__((noreturn)) static void report_and_exit(const pimnic_exception_frame* f) {
  int code = pimnic_exception_exit_code(f);
  if (depth++ == 0) {
    char line[200];
    char* p = put_str(line, "\n*** unhandled ");
    p = put_str(p, pimnic_exception_name(f->vector));
    p = put_str(p, " interrupt");
    if (f->vector == 0x700) p = put_str(p, program_reason(f->srr1));
    p = put_str(p, " at vector ");
    p = put_hex(p, f->vector);
    p = put_str(p, ": SRR0=");
    p = put_hex(p, f->srr0);
    p = put_str(p, " SRR1=");
    p = put_hex(p, f->srr1);
    p = put_str(p, " DAR=");
    p = put_hex(p, f->dar);
    p = put_str(p, " LR=");
    p = put_hex(p, f->lr);
    p = put_str(p, " exit ");
    *p++ = (char)('0' + code / 100), *p++ = (char)('0' + code / 10 % 10), *p++ = (char)('0' + code % 10);
    *p++ = '\n';
    pimnic_console_write(line, (size_t)(p - line));
  }
  pimnic_exit(code);
}

void __pimnic_exception_dispatch(pimnic_exception_frame* f);

void __pimnic_exception_dispatch(pimnic_exception_frame* f) {
  int s = slot_of(f->vector);
  pimnic_exception_handler h = s >= 0 ? handlers[s] : NULL;
  if (h && h(f)) return;
  report_and_exit(f);
}
