"""Small 32-bit big-endian PowerPC ELF executables for bad-input tests, made from scratch: one
RWX PT_LOAD segment holding the code, and optionally a symbol table whose names the test picks
(long, shared, many) and a .pimnic.profile note."""
import struct

EM_PPC, ET_EXEC, PT_LOAD = 20, 2, 1
SHT_PROGBITS, SHT_SYMTAB, SHT_STRTAB = 1, 2, 3
STT_FUNC, STB_GLOBAL = 2, 1


def li(reg, value):
    return 0x38000000 | reg << 21 | (value & 0xFFFF)


SC = 0x44000002
BRANCH_SELF = 0x48000000  # b .
# exit_group(0) under `pimnic linux`
LINUX_EXIT = [li(0, 234), li(3, 0), SC]


def make_elf(code, base, symbols=(), strtab=None, profile=None):
    """code: instruction words at base (the entry). symbols: (name_offset, value, size) FUNC
    symbols into strtab (bytes, starting with NUL); profile: text of a .pimnic.profile section."""
    text = b"".join(struct.pack(">I", w) for w in code)
    ehdr_size, phdr_size = 52, 32
    text_off = 0x100
    out = bytearray(text_off) + text
    sections = [(0, 0, 0, 0, 0, 0, 0, 0, 0, 0)]  # name, type, flags, addr, off, size, link, info, align, entsize
    shstr = bytearray(b"\0")

    def add_name(n):
        off = len(shstr)
        shstr.extend(n.encode() + b"\0")
        return off

    sections.append((add_name(".text"), SHT_PROGBITS, 6, base, text_off, len(text), 0, 0, 4, 0))
    if profile is not None:
        off = len(out)
        out.extend(profile.encode() + b"\0")
        sections.append((add_name(".pimnic.profile"), SHT_PROGBITS, 0, 0, off, len(profile) + 1, 0, 0, 1, 0))
    if symbols:
        strtab = bytes(strtab or b"\0")
        str_off = len(out)
        out.extend(strtab)
        while len(out) % 4:
            out.append(0)
        sym_off = len(out)
        out.extend(bytes(16))  # the null symbol
        for name, value, size in symbols:
            out.extend(struct.pack(">IIIBBH", name, value, size, STB_GLOBAL << 4 | STT_FUNC, 0, 1))
        symtab_index = len(sections)
        sections.append((add_name(".symtab"), SHT_SYMTAB, 0, 0, sym_off, len(out) - sym_off, symtab_index + 1, 1, 4, 16))
        sections.append((add_name(".strtab"), SHT_STRTAB, 0, 0, str_off, len(strtab), 0, 0, 1, 0))
    shstr_index = len(sections)
    shstr_off = len(out)
    name = add_name(".shstrtab")
    sections.append((name, SHT_STRTAB, 0, 0, shstr_off, 0, 0, 0, 1, 0))
    out.extend(shstr)
    sections[-1] = (name, SHT_STRTAB, 0, 0, shstr_off, len(shstr), 0, 0, 1, 0)
    while len(out) % 4:
        out.append(0)
    shoff = len(out)
    for s in sections:
        out.extend(struct.pack(">10I", *s))
    ident = b"\x7fELF" + bytes([1, 2, 1]) + bytes(9)
    struct.pack_into(">16sHHIIIIIHHHHHH", out, 0, ident, ET_EXEC, EM_PPC, 1, base, ehdr_size, shoff, 0,
                     ehdr_size, phdr_size, 1, 40, len(sections), shstr_index)
    # One segment from the start of the file: headers, code and the rest, read/write/execute,
    # with 64 KiB of .bss after it.
    struct.pack_into(">8I", out, ehdr_size, PT_LOAD, 0, base - text_off, base - text_off, len(out),
                     len(out) + 0x10000, 7, 0x1000)
    return bytes(out)
