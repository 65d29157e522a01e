"""The fixed assembly of the harness.

`diff_run` saves the C caller's registers, clears any reservation, loads a whole register record
(r3 is the harness's base register here and is loaded last) and jumps to the sequence.
A sequence's exit stub stores r0, r3, CTR and EXITPOS through the sequence's own base register
and jumps (bctr, through EXIT_ADDR: the sequence runs from a copy, so no relative branch reaches
the harness) to `diff_exit`, which dumps every other register and returns to the caller.
Displacements are from LOW_BASE (layout.off)."""
from . import layout as L
from .layout import off


def entry_s():
    a = []
    w = a.append
    w('\t.section .lowmem,"aw",@nobits')
    w("\t.globl diff_low")
    w(f"diff_low:\t.space {L.LOW_END - L.LOW_BASE}")
    w('\t.section .seqrun,"awx",@nobits')
    w("\t.globl diff_run_area")
    w(f"diff_run_area:\t.space {L.RUN_SIZE}")
    w("\t.text")
    w("\t.globl diff_run")
    w("\t.type diff_run,@function")
    w("diff_run:")
    w(f"\tlis 4,{L.LOW_BASE >> 16}")
    w(f"\tori 4,4,{L.LOW_BASE & 0xFFFF}")
    w(f"\tstmw 1,{off(L.SAVE_GPR) + 4}(4)")
    w("\tmr 3,4")
    w("\tmflr 0")
    w(f"\tstw 0,{off(L.SAVE_LR)}(3)")
    w("\tmfcr 0")
    w(f"\tstw 0,{off(L.SAVE_CR)}(3)")
    for i in range(14, 32):
        w(f"\tstfd {i},{off(L.SAVE_FPR) + 8 * (i - 14)}(3)")
    for i in range(20, 32):
        w(f"\tli 4,{off(L.SAVE_VR) + 16 * (i - 20)}")
        w(f"\tstvx {i},3,4")
    w("\tmffs 0")
    w(f"\tstfd 0,{off(L.SAVE_FPSCR)}(3)")
    w("\tmfvscr 0")
    w(f"\tli 4,{off(L.SAVE_VSCR)}")
    w("\tstvx 0,3,4")
    # Clear any reservation left by the previous sequence.
    w(f"\tli 4,{off(L.SAVE_RESV)}")
    w("\tlwarx 0,3,4")
    w("\tstwcx. 0,3,4")
    # Load the record.
    w(f"\tli 4,{off(L.CUR + L.VSCR)}")
    w("\tlvx 0,3,4")
    w("\tmtvscr 0")
    for i in range(32):
        w(f"\tli 4,{off(L.CUR + L.VR) + 16 * i}")
        w(f"\tlvx {i},3,4")
    w(f"\tlfd 0,{off(L.CUR + L.FPSCR)}(3)")
    w("\tmtfsf 255,0")
    for i in range(32):
        w(f"\tlfd {i},{off(L.CUR + L.FPR) + 8 * i}(3)")
    w(f"\tlwz 4,{off(L.CUR + L.CR)}(3)")
    w("\tmtcrf 255,4")
    w(f"\tlwz 4,{off(L.CUR + L.XER)}(3)")
    w("\tmtxer 4")
    w(f"\tlwz 4,{off(L.CUR + L.ENTRY)}(3)")
    w("\tmtctr 4")
    w(f"\tlwz 1,{off(L.CUR + L.GPR) + 4}(3)")
    w(f"\tlwz 2,{off(L.CUR + L.GPR) + 8}(3)")
    w(f"\tlmw 4,{off(L.CUR + L.GPR) + 16}(3)")
    w(f"\tlwz 3,{off(L.CUR + L.GPR) + 12}(3)")
    w("\tbctr")
    w("")
    w("\t.globl diff_exit")
    w("diff_exit:")
    w(f"\tlis 3,{L.LOW_BASE >> 16}")
    w(f"\tori 3,3,{L.LOW_BASE & 0xFFFF}")
    w(f"\tstw 1,{off(L.OUT + L.GPR) + 4}(3)")
    w(f"\tstw 2,{off(L.OUT + L.GPR) + 8}(3)")
    w(f"\tstmw 4,{off(L.OUT + L.GPR) + 16}(3)")
    for reg, o in (("mflr", L.LR), ("mfcr", L.CR), ("mfxer", L.XER)):
        w(f"\t{reg} 4")
        w(f"\tstw 4,{off(L.OUT) + o}(3)")
    for i in range(32):
        w(f"\tstfd {i},{off(L.OUT + L.FPR) + 8 * i}(3)")
    w("\tmffs 0")
    w(f"\tstfd 0,{off(L.OUT + L.FPSCR)}(3)")
    for i in range(32):
        w(f"\tli 4,{off(L.OUT + L.VR) + 16 * i}")
        w(f"\tstvx {i},3,4")
    w("\tmfvscr 0")
    w(f"\tli 4,{off(L.OUT + L.VSCR)}")
    w("\tstvx 0,3,4")
    # Restore the caller.
    w(f"\tlfd 0,{off(L.SAVE_FPSCR)}(3)")
    w("\tmtfsf 255,0")
    w(f"\tli 4,{off(L.SAVE_VSCR)}")
    w("\tlvx 0,3,4")
    w("\tmtvscr 0")
    for i in range(14, 32):
        w(f"\tlfd {i},{off(L.SAVE_FPR) + 8 * (i - 14)}(3)")
    for i in range(20, 32):
        w(f"\tli 4,{off(L.SAVE_VR) + 16 * (i - 20)}")
        w(f"\tlvx {i},3,4")
    w(f"\tlwz 0,{off(L.SAVE_CR)}(3)")
    w("\tmtcrf 255,0")
    w(f"\tlwz 0,{off(L.SAVE_LR)}(3)")
    w("\tmtlr 0")
    w(f"\tlwz 1,{off(L.SAVE_GPR) + 4}(3)")
    w(f"\tlwz 2,{off(L.SAVE_GPR) + 8}(3)")
    w(f"\tlmw 4,{off(L.SAVE_GPR) + 16}(3)")
    w(f"\tlwz 3,{off(L.SAVE_GPR) + 12}(3)")
    w("\tblr")
    w('\t.section .note.GNU-stack,"",@progbits')
    return "\n".join(a) + "\n"
