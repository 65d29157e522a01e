#!/usr/bin/env python3
"""Build and run MPICH's own conformance tests (test/mpi) with pimnic-mpicc and pimnic mpirun.

The MPICH checkout is an argument and is only read: its harness and tests are compiled into OUTDIR,
nothing of MPICH's enters this tree. See docs/mpi-conformance.md for what is measured and why.

  scripts/mpich_suite.py run MPICH OUTDIR [--nic conv] [--dirs pt2pt,coll] [--only a,b] [--timeout 60]
  scripts/mpich_suite.py table RESULTS.json [LATER.json ...] [--failures]
  scripts/mpich_suite.py compare BEFORE.json AFTER.json
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

DIRS = ['pt2pt', 'coll', 'comm', 'group', 'datatype', 'attr', 'topo', 'init']
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARNESS_SOURCES = ['util/mtest.c', 'util/mtest_common.c', 'util/dtypes.c', 'util/mtest_single.c'] + \
    ['dtpools/src/dtpools%s.c' % s for s in ['', '_misc', '_init_verify', '_desc', '_attr', '_custom']]
# What MPICH's configure would find on the target (32-bit big-endian PowerPC, newlib-like libc).
CONFIG_H = '''#define HAVE_STDARG_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_UNISTD_H 1
#define HAVE_STRING_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STDINT_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_LONG_DOUBLE 1
#define HAVE_LONG_LONG 1
#define HAVE_LONG_LONG_INT 1
#define USE_STRICT_MPI 1
#define THREAD_PACKAGE_NAME THREAD_PACKAGE_NONE
#define SIZEOF_INT 4
#define SIZEOF_LONG 4
#define SIZEOF_VOID_P 4
'''
# The testlists' result checks (MPICH's runtests): these two pass when the program exits non-zero.
EXIT_NONZERO = {'TestStatus', 'TestErrFatal'}


BUILD = os.path.join(ROOT, 'build')


def tool(name):
    return os.path.join(BUILD, 'bin', name)


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, errors='replace', **kw)


class Suite:
    def __init__(self, mpich, out):
        self.t = os.path.join(os.path.abspath(mpich), 'test', 'mpi')
        if not os.path.isfile(os.path.join(self.t, 'util', 'mtest.c')):
            sys.exit('mpich_suite: %s is not an MPICH checkout (no test/mpi/util/mtest.c)' % mpich)
        self.out = os.path.abspath(out)
        self.cfg = os.path.join(self.out, 'cfg')
        os.makedirs(self.cfg, exist_ok=True)
        self.cc = tool('pimnic-mpicc')
        if not os.access(self.cc, os.X_OK):
            sys.exit('mpich_suite: no %s (build pimnic first, or give --build)' % self.cc)
        with open(os.path.join(self.cfg, 'mpitestconf.h'), 'w') as f:
            f.write(CONFIG_H + self.probes())
        open(os.path.join(self.cfg, 'mtest_mpix.h'), 'w').close()  # no MPIX extensions
        # dtpools includes "../dtpoolsconf.h" (configure's output, empty here): found as cfg/..
        open(os.path.join(self.out, 'dtpoolsconf.h'), 'w').close()
        self.inc = ['-I' + self.cfg, '-I' + self.t + '/include', '-I' + self.t + '/dtpools/include']

    def probes(self):
        """configure's checks of optional datatypes: HAVE_MPI_X when mpi.h declares MPI_X."""
        lines = ''
        for name in ['MPI_INTEGER16', 'MPI_REAL16', 'MPI_COMPLEX32']:
            src = os.path.join(self.cfg, 'probe.c')
            with open(src, 'w') as f:
                f.write('#include <mpi.h>\nMPI_Datatype t(void) { return %s; }\n' % name)
            if sh([self.cc, '-c', src, '-o', src + '.o']).returncode == 0:
                lines += '#define HAVE_%s 1\n' % name
        return lines

    def harness(self):
        """libmtest.a: MPICH's test utilities, plus a stub (that says so when called) for each MPI
        function they reference that the library lacks, so tests that never call it still link."""
        lib = os.path.join(self.out, 'libmtest.a')
        if os.path.exists(lib):
            return lib
        objs = []
        for src in HARNESS_SOURCES:
            o = os.path.join(self.out, os.path.basename(src) + '.o')
            r = sh([self.cc, '-c', '-O1', '-w', '-I' + self.t + '/dtpools'] + self.inc +
                   ['-DDTP_MPI_DATATYPE=MPI_INT,MPI_DOUBLE', os.path.join(self.t, src), '-o', o])
            if r.returncode:
                print('mpich_suite: harness file %s does not compile:\n%s' % (src, r.stderr[:2000]))
            else:
                objs.append(o)
        undefined = set()
        for o in objs:
            for line in sh(['powerpc-linux-gnu-nm', '-u', o]).stdout.splitlines():
                if line.split()[-1].startswith('MPI_'):
                    undefined.add(line.split()[-1])
        defined = set()
        mpilib = os.path.join(BUILD, 'mpi', 'lib', 'libpimnic_mpi.a')
        for line in sh(['powerpc-linux-gnu-nm', '--defined-only', mpilib]).stdout.splitlines():
            if line.split() and line.split()[-1].startswith('MPI_'):
                defined.add(line.split()[-1])
        missing = sorted(undefined - defined)
        print('mpich_suite: harness stubs:', ' '.join(missing) or 'none')
        stubs = os.path.join(self.out, 'stubs.c')
        with open(stubs, 'w') as f:
            f.write('#include <stdio.h>\n')
            for m in missing:
                f.write('int %s() { fprintf(stderr, "stub %s called\\n"); return 16; }\n' % (m, m))
        subprocess.run([self.cc, '-c', '-w', stubs, '-o', stubs + '.o'], check=True)
        subprocess.run(['powerpc-linux-gnu-ar', 'rcs', lib] + objs + [stubs + '.o'], check=True)
        subprocess.run([self.cc, '-c', '-O1', '-w'] + self.inc +
                       [self.t + '/util/run_mpitests.c', '-o', self.out + '/run_mpitests.o'], check=True)
        return lib

    def tests(self, d):
        """The first entry of each program in DIR's testlist, with its sources and flags from
        Makefile.am (what `make testing` would build and run)."""
        f = os.path.join(self.t, d, 'testlist.in')
        if not os.path.exists(f):
            f = os.path.join(self.t, d, 'testlist')
        mk = open(os.path.join(self.t, d, 'Makefile.am')).read().replace('\\\n', ' ')
        seen = {}
        for line in open(f):
            w = line.split('#')[0].split()
            if len(w) < 2 or w[0] in seen or not w[1].isdigit():
                continue
            opts = [a.split('=', 1) for a in w[2:] if '=' in a]
            m = re.search(r'^%s_SOURCES\s*=\s*(.*)$' % re.escape(w[0]), mk, re.M)
            srcs = m.group(1).split() if m else [w[0] + '.c']
            m = re.search(r'^%s_CPPFLAGS\s*=\s*(.*)$' % re.escape(w[0]), mk, re.M)
            seen[w[0]] = dict(np=int(w[1]), srcs=srcs,
                              flags=[x for x in m.group(1).split() if x.startswith('-D')] if m else [],
                              args=[v for k, v in opts if k == 'arg'],
                              env=dict(v.split('=', 1) for k, v in opts if k == 'env'),
                              result=dict(opts).get('resultTest', ''))
        return seen

    def compile(self, d, name, t, lib):
        exe = os.path.join(self.out, d + '.' + name)
        srcs = [os.path.join(self.t, d, s) for s in t['srcs']]
        if any('int run(const char' in open(s, errors='replace').read() for s in srcs):
            srcs.append(os.path.join(self.out, 'run_mpitests.o'))
        c = sh([self.cc, '-O1', '-w'] + self.inc + t['flags'] + srcs + [lib, '-lm', '-o', exe])
        if c.returncode == 0:
            return exe, None
        und = sorted(set(re.findall(r"undefined reference to `([^']+)'", c.stderr)))
        return None, ('undefined: ' + ' '.join(und)) if und else '; '.join(re.findall(r'error: (.*)', c.stderr)[:3])

    def run(self, exe, t, nic, timeout, max_np):
        env = dict(os.environ)
        env.update(t['env'])
        np = min(t['np'], max_np)
        t0 = time.time()
        p = sh(['timeout', str(timeout), tool('pimnic'), 'mpirun', '-n', str(np), '--nic', nic,
                '--model', 'functional', exe] + t['args'], env=env, cwd=self.out)
        r = dict(np=np, rc=p.returncode, secs=round(time.time() - t0, 1))
        if t['result'] in EXIT_NONZERO:
            r['pass'] = p.returncode != 0
        else:
            r['pass'] = p.returncode == 0 and re.search(r'^\s*No [Ee]rrors\s*$', p.stdout, re.M) is not None
        if p.returncode == 124:
            r['why'] = 'timeout after %d s' % timeout
        if not r['pass'] or p.returncode == 124:
            tail = (p.stdout[-300:] + ' | ' + p.stderr[-400:]).replace('\n', ' / ')
            r['why'] = (r.get('why', '') + ' ' + tail).strip()
        return r


def cmd_run(a):
    global BUILD
    BUILD = os.path.abspath(a.build)
    s = Suite(a.mpich, a.outdir)
    lib = s.harness()
    only = set(a.only.split(',')) if a.only else None
    res = {}
    t_start = time.time()
    for d in a.dirs.split(','):
        for name, t in s.tests(d).items():
            key = d + '/' + name
            if only and name not in only and key not in only:
                continue
            exe, why = s.compile(d, name, t, lib)
            r = dict(compile=exe is not None)
            if exe is None:
                r['why'] = why
            elif not a.build_only:
                r.update(s.run(exe, t, a.nic, a.timeout, a.max_np))
            res[key] = r
            print(key, 'C' if r['compile'] else 'c', 'P' if r.get('pass') else '-', r.get('secs', ''),
                  (r.get('why') or '')[:200], flush=True)
    path = os.path.join(s.out, 'results-%s.json' % a.nic)
    json.dump(res, open(path, 'w'), indent=1, sort_keys=True)
    print('mpich_suite: %d tests in %.0f s, results in %s' % (len(res), time.time() - t_start, path))
    table(res, a.nic)


def load(files):
    """Merge result files, later ones overriding earlier ones (a rerun of a few tests)."""
    r = {}
    for f in files:
        try:
            r.update(json.load(open(f)))
        except (OSError, ValueError) as e:
            sys.exit('mpich_suite: cannot read results %s: %s' % (f, e))
    return r


def counts(r, d):
    ks = [k for k in r if d == 'all' or k.startswith(d + '/')]
    c = [k for k in ks if r[k].get('compile')]
    return len(ks), len(c), len([k for k in c if r[k].get('pass')])


def pct(a, b):
    return 100.0 * a / b if b else 0.0


def table(r, title, failures=True):
    print('%s\n%-9s %5s %13s %13s' % (title, 'dir', 'tests', 'compile', 'pass'))
    for d in DIRS + ['all']:
        n, c, p = counts(r, d)
        if n:
            print('%-9s %5d %6d %5.1f%% %6d %5.1f%%' % (d, n, c, pct(c, n), p, pct(p, c)))
    if failures:
        for k in sorted(r):
            if not r[k].get('compile') or not r[k].get('pass'):
                print('  %-34s %s %s' % (k, 'COMPILE' if not r[k].get('compile') else 'RUN',
                                         (r[k].get('why') or '')[:150]))


def cmd_table(a):
    table(load(a.results), ' + '.join(a.results), a.failures)


def cmd_compare(a):
    b, n = load([a.before]), load([a.after])
    print('| dir | tests | before: compiled / passed | after: compiled / passed |\n|---|---|---|---|')
    for d in DIRS + ['all']:
        t0, c0, p0 = counts(b, d)
        t1, c1, p1 = counts(n, d)
        print('| %s | %d | %d / %d (%.1f%% / %.1f%%) | %d / %d (%.1f%% / %.1f%%) |' %
              (d, t1, c0, p0, pct(c0, t0), pct(p0, c0), c1, p1, pct(c1, t1), pct(p1, c1)))
    for k in sorted(set(b) | set(n)):
        was = b.get(k, {}).get('pass'), n.get(k, {}).get('pass')
        if was[0] != was[1]:
            print('  %-34s %s -> %s' % (k, 'pass' if was[0] else 'fail', 'pass' if was[1] else 'fail'))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='cmd', required=True)
    r = sub.add_parser('run', help='build and run the suite')
    r.add_argument('mpich', help='an MPICH source checkout (read only)')
    r.add_argument('outdir', help='where executables and results go')
    r.add_argument('--nic', default='conv')
    r.add_argument('--dirs', default=','.join(DIRS))
    r.add_argument('--only', help='comma-separated test names (or dir/name)')
    r.add_argument('--timeout', type=int, default=60, help='seconds per test (default 60)')
    r.add_argument('--max-np', type=int, default=64, help='cap on the testlist process counts')
    r.add_argument('--build-only', action='store_true')
    r.add_argument('--build', default=BUILD, help="pimnic's build directory (default: this tree's build/)")
    r.set_defaults(fn=cmd_run)
    t = sub.add_parser('table', help='per-directory table of result files')
    t.add_argument('results', nargs='+')
    t.add_argument('--failures', action='store_true', help='list every failing test with its reason')
    t.set_defaults(fn=cmd_table)
    c = sub.add_parser('compare', help='before/after table (markdown)')
    c.add_argument('before')
    c.add_argument('after')
    c.set_defaults(fn=cmd_compare)
    a = ap.parse_args()
    a.fn(a)


if __name__ == '__main__':
    main()
