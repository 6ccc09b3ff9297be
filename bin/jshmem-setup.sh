# Sourced by test.sh: makes sure the system packages the tests need are installed.
#   libucx0, ucx-utils              the UCX engine (jshmem-ucx), its tests, the UCX vs ucx_perftest benchmark
#   iproute2                        network namespaces for the two-"host" tests
#   fontconfig, fonts-dejavu-core   text in the benchmark report's PNG charts (headless AWT)
#   libopenmpi-dev, openmpi-bin, gcc, libc6-dev   Open MPI's OSHMEM and the C benchmarks: the comparison
#                                   pipeline test (bench/compare-oshmem)
#                                   gcc also builds jshmem-cuda's test double of the CUDA driver
# As root, missing packages are installed with apt-get. Otherwise it stops with the exact command to run.
# JSHMEM_SKIP_SETUP=1 goes on without them: the tests that need them then report themselves skipped.
jshmem_needed=(libucx0 ucx-utils iproute2 fontconfig fonts-dejavu-core libopenmpi-dev openmpi-bin gcc libc6-dev)

jshmem_missing_packages() {
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local p
  for p in "${jshmem_needed[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || printf '%s\n' "$p"
  done
}

jshmem_setup() {
  if [ "${JSHMEM_SKIP_SETUP:-0}" = 1 ]; then
    return 0
  fi
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "test.sh: no dpkg here; install UCX (libucp), iproute2 and fontconfig with your package manager," \
      "or set JSHMEM_SKIP_SETUP=1 to run without them (their tests report themselves skipped)" >&2
    return 0
  fi
  local missing
  mapfile -t missing < <(jshmem_missing_packages)
  [ ${#missing[@]} -eq 0 ] && return 0
  local cmd="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
  if [ "$(id -u)" != 0 ]; then
    echo "test.sh: the tests need ${missing[*]}; install them with:" >&2
    echo "  sudo sh -c '$cmd'" >&2
    echo "or run JSHMEM_SKIP_SETUP=1 ./test.sh to go on without them (their tests report themselves skipped)" >&2
    return 1
  fi
  if [ "${JSHMEM_SETUP_DRY_RUN:-0}" = 1 ]; then
    echo "test.sh: would run: $cmd"
    return 0
  fi
  echo "test.sh: installing ${missing[*]}"
  if ! (export DEBIAN_FRONTEND=noninteractive; apt-get update -qq \
        && apt-get install -y -qq --no-install-recommends "${missing[@]}"); then
    echo "test.sh: could not install ${missing[*]}; run: $cmd" >&2
    echo "or run JSHMEM_SKIP_SETUP=1 ./test.sh to go on without them (their tests report themselves skipped)" >&2
    return 1
  fi
}
