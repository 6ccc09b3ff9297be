#!/usr/bin/env bash
# Device check of the cuda memory kind (module jshmem-cuda) against a REAL NVIDIA driver and GPU.
#
# STATUS: NOT YET RUN ON A GPU. Everything it runs has passed only against the test double of the driver
# (jshmem-cuda/src/test/c/fake_cuda.c); the first person with a GPU machine runs it and records the outcome.
#
# Two steps, because the GPU machine has no JDK and no Maven (only what is carried to it):
#
#   1. Here, in a built checkout with JDK 25:   bench/device/cuda-check.sh prepare
#      Builds jshmem-cuda and its tests (mvn -o package -pl jshmem-cuda -am -DskipTests), copies every jar the
#      checks need into bench/device/cuda-bundle/lib (dependency:copy-dependencies, test scope; the module's test
#      classes as jshmem-cuda-checks.jar), and makes a trimmed Java runtime with
#          jlink --add-modules java.base,java.logging,jdk.jfr,java.management \
#                --strip-debug --compress=zip-9 --no-header-files --no-man-pages \
#                --output bench/device/cuda-bundle/runtime
#      The bundle (git-ignored) is about 46 MB (runtime 44 MB); carry it with the working tree (the device tool's carry:
#      ["bench/device/cuda-bundle"]).
#
#   2. On the GPU machine, from the repository root:   bench/device/cuda-check.sh [library]
#      library defaults to libcuda.so.1 (JSHMEM_CUDA_LIBRARY's default). It prints the driver and GPUs seen, then
#        a) the memory-kind contract suite (CudaKindContractTest: 2 PEs as threads on GPUs 0 and 1 modulo the GPUs;
#           CudaSharedDeviceContractTest: 3 PEs) through JUnit's launcher (CudaDeviceContractMain);
#        b) CudaPairCheck as 2 processes: heaps opened from each other's CUDA IPC handles, reads, writes and
#           device-to-device copies across the processes checked byte for byte;
#      and a verdict line per check. Exit status 0 only when every check passed. Builds nothing there.
#      Time: well under a minute once the runtime has started (1 MiB heaps).
#
#   Running step 2 here with the fake driver checks the script itself:
#      bench/device/cuda-check.sh "$PWD/jshmem-cuda/target/fake-cuda/libfakecuda-two.so"
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bundle="$root/bench/device/cuda-bundle"

prepare() {
  set -e
  local java_home="${JAVA_HOME:-$(ls -d /usr/lib/jvm/temurin-25* 2>/dev/null | head -1)}"
  [[ -x "$java_home/bin/jlink" ]] || { echo "prepare needs a JDK 25 (JAVA_HOME=$java_home has no jlink)" >&2; exit 2; }
  export JAVA_HOME="$java_home"
  rm -rf "$bundle"
  mkdir -p "$bundle/lib"
  (cd "$root" && mvn -B -ntp -o -q package dependency:copy-dependencies -pl jshmem-cuda -am -DskipTests \
      -DincludeScope=test -DoutputDirectory="$bundle/lib")
  cp "$root"/jshmem-cuda/target/jshmem-cuda-*.jar "$bundle/lib/"
  "$JAVA_HOME/bin/jar" cf "$bundle/lib/jshmem-cuda-checks.jar" -C "$root/jshmem-cuda/target/test-classes" .
  "$JAVA_HOME/bin/jlink" --add-modules java.base,java.logging,jdk.jfr,java.management \
      --strip-debug --compress=zip-9 --no-header-files --no-man-pages --output "$bundle/runtime"
  du -sh "$bundle"
  echo "bundle ready: carry bench/device/cuda-bundle and run bench/device/cuda-check.sh on the GPU machine"
}

check() {
  local library="${1:-libcuda.so.1}"
  local java="$bundle/runtime/bin/java"
  [[ -x "$java" ]] || { echo "no bundle at $bundle: run 'bench/device/cuda-check.sh prepare' where a JDK is" >&2; exit 2; }
  local cp
  cp="$(ls "$bundle"/lib/*.jar | tr '\n' ':')"
  local jvm=("$java" --enable-native-access=ALL-UNNAMED -cp "$cp")
  echo "== host: $(hostname)  library: $library"
  command -v nvidia-smi >/dev/null && nvidia-smi -L || echo "(no nvidia-smi on PATH)"
  (ldconfig -p 2>/dev/null | grep -F libcuda.so.1) || echo "(libcuda.so.1 not in the loader cache)"
  local verdicts=() failed=0

  echo "== a) contract suite (CudaDeviceContractMain)"
  timeout 300 "${jvm[@]}" io.jshmem.memory.cuda.CudaDeviceContractMain "$library"
  local rc=$?
  verdicts+=("contract suite: $([[ $rc -eq 0 ]] && echo PASS || echo "FAIL (exit $rc)")")
  [[ $rc -eq 0 ]] || failed=1

  echo "== b) two processes (CudaPairCheck)"
  local exchange
  exchange="$(mktemp -d /tmp/jshmem-cuda-check.XXXXXX)"
  local pids=() pe
  for pe in 0 1; do
    timeout 180 "${jvm[@]}" io.jshmem.memory.cuda.CudaPairCheck "$exchange" "$pe" 2 "$library" \
        > "$exchange/pe$pe.out" 2>&1 &
    pids+=($!)
  done
  local pair_ok=1
  for pe in 0 1; do
    wait "${pids[$pe]}" || pair_ok=0
    sed "s/^/[pe $pe] /" "$exchange/pe$pe.out"
  done
  verdicts+=("two processes: $([[ $pair_ok -eq 1 ]] && echo PASS || echo FAIL)")
  [[ $pair_ok -eq 1 ]] || failed=1
  rm -rf "$exchange"

  echo "== verdicts"
  printf '%s\n' "${verdicts[@]}"
  exit $failed
}

case "${1:-}" in
  prepare) prepare ;;
  *) check "$@" ;;
esac
