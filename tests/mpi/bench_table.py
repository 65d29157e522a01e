"""Reading the tables the MPI benchmarks print (firmware/bench/pingpong.c, preposted.c): `#` lines
are comments, the first other line names the columns, every further line is one point."""


def parse(text):
    """Rows as dicts (numbers as float where they parse), in order."""
    header, rows = None, []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split()
        if header is None:
            header = fields
            continue
        if len(fields) != len(header):
            raise ValueError(f"row with {len(fields)} fields under a header of {len(header)}: {line!r}")
        row = {}
        for name, value in zip(header, fields):
            try:
                row[name] = float(value)
            except ValueError:
                row[name] = value
        rows.append(row)
    if header is None:
        raise ValueError("no table in the output")
    return rows
