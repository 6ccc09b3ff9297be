# Sourced by bin/shmemrun and bin/shmem-config (after they resolved their own path through any symlinks into
# $jshmem_bin): picks the JDK and builds the class path $jshmem_cp, from a distribution (lib/*.jar beside bin/)
# or from a built checkout (each module's target/). Sets $jshmem_java; on failure prints why and exits 127.
jshmem_tool="$(basename "$0")"
jshmem_root="$(dirname "$jshmem_bin")"

if [[ -n "${JAVA_HOME:-}" ]]; then
  jshmem_java="$JAVA_HOME/bin/java"
elif [[ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java ]]; then
  jshmem_java=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
else
  jshmem_java="$(command -v java || true)"
fi
if [[ -z "$jshmem_java" || ! -x "$jshmem_java" ]]; then
  echo "$jshmem_tool: no java found (JAVA_HOME=${JAVA_HOME:-unset}); set JAVA_HOME to a JDK 25" >&2
  exit 127
fi

shopt -s nullglob
declare -A jshmem_seen=()
jshmem_cp=""
jshmem_add() {
  local jar="$1" name
  name="$(basename "$jar")"
  case "$name" in
    *-sources.jar|*-javadoc.jar|*-tests.jar|original-*) return ;;
  esac
  [[ -n "${jshmem_seen[$name]:-}" ]] && return
  jshmem_seen[$name]=1
  jshmem_cp="${jshmem_cp:+$jshmem_cp:}$jar"
}

if [[ -d "$jshmem_root/lib" ]]; then
  # A distribution: every jar in lib/, the launcher's last (its manifest Class-Path must not shadow the others).
  for jar in "$jshmem_root"/lib/*.jar; do
    [[ "$(basename "$jar")" == jshmem-launcher-* ]] || jshmem_add "$jar"
  done
  for jar in "$jshmem_root"/lib/jshmem-launcher-*.jar; do jshmem_add "$jar"; done
else
  # A built checkout (mvn package is enough): module jars first, then their copied dependencies (target/lib); a
  # jar name seen before is skipped, so a freshly built module jar wins over a copy of it in another module's lib.
  jshmem_modules=(jshmem-core jshmem-ucx jshmem-cuda jshmem-examples jshmem-apps jshmem-bench jshmem-launcher)
  launcher_jars=("$jshmem_root"/jshmem-launcher/target/jshmem-launcher-*.jar)
  if [[ ${#launcher_jars[@]} -eq 0 ]]; then
    echo "$jshmem_tool: jshmem-launcher is not built in $jshmem_root; run there: mvn -q -DskipTests package" >&2
    exit 127
  fi
  for m in "${jshmem_modules[@]}"; do
    for jar in "$jshmem_root/$m"/target/*.jar; do jshmem_add "$jar"; done
  done
  for m in "${jshmem_modules[@]}"; do
    for jar in "$jshmem_root/$m"/target/lib/*.jar; do jshmem_add "$jar"; done
  done
fi
