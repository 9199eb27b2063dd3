# tests/cli/paths.sh: where a shell test finds the binaries (sourced from the
# repository root by tests/cli/lib.sh and by the suites that do without it).
# `make test` sets them, as absolute paths (the Makefile's TEST_ENV):
#   TOOLS     the host tools: dbtool, mdquery, errata, raytrace-image
#   STUDIES   the study binaries and coldbench (what a matrix names)
#   TESTBIN   the test binaries: hoststudy, sqlq, reduce, unit/..., gpu/...
#   TESTBIN_ASAN  the sanitized ones: unit/..., fuzz/replay_NAME
#   CU_TOOLS  gpu-probe
#   SQLSTATS  the analysis functions' SQLite extension
# A suite run by hand (sh tests/cli/test_dbtool.sh, say) asks `make print-test-env`
# for those not set, which names those of the build `make test` would use.
if [ -z "${TOOLS:-}" ] || [ -z "${STUDIES:-}" ] || [ -z "${TESTBIN:-}" ] || [ -z "${TESTBIN_ASAN:-}" ] || [ -z "${CU_TOOLS:-}" ]; then
  env_line=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory print-test-env) ||
    { echo "not ok - the test build's paths (make print-test-env)"; exit 1; }
  for kv in $env_line; do   # only those not set: a caller's (make mutate's) stay
    eval "[ -n \"\${${kv%%=*}:-}\" ] || ${kv%%=*}=\${kv#*=}"
  done
  export TOOLS STUDIES TESTBIN TESTBIN_ASAN CU_TOOLS SQLSTATS
fi
for v in TOOLS STUDIES TESTBIN TESTBIN_ASAN CU_TOOLS SQLSTATS; do
  eval "p=\${$v:-}"
  case "$p" in /*|'') ;; *) eval "$v=\$(pwd)/\$p"; export "$v" ;; esac
done
