"""Differential testing of pimnic against qemu-ppc-static -cpu 7400 with random instruction
sequences: generator (generator.py, ops_*.py), harness (harness_asm.py, emit.py, build.py,
../harness/main.c), runs (run.py), comparison and triage (compare.py, triage.py, known.py),
reports and campaigns (report.py, driver.py, campaign.py). See docs/isa/differential-testing.md."""
