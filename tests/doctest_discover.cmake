# Register every doctest test case as its own ctest test, so ctest's summary counts them.
include(doctest)
doctest_discover_tests(unit_tests)
