#!/usr/bin/env bash
# Builds jshmem if needed (first run, or a source or pom newer than the built jars; generated sources under
# target/ do not count), then runs the rma-ring example on 4 PEs. NP=8 ./run-example.sh runs it on 8.
# Builds with `mvn package` into the modules' target/ directories: nothing is installed into ~/.m2.
set -euo pipefail
cd "$(dirname "$0")"
source bin/jshmem-env.sh
stamp=$(ls jshmem-launcher/target/jshmem-launcher-*.jar 2>/dev/null | head -1 || true)
if [ -z "$stamp" ] || [ ! -d jshmem-launcher/target/lib ] \
   || [ -n "$(find . \( -path ./.git -o -name target \) -prune -o \( -name '*.java' -o -name pom.xml \
        -o -path '*/src/main/resources/*' \) -newer "$stamp" -print -quit)" ]; then
  echo "run-example: building jshmem (mvn package -DskipTests)..."
  mvn -B -q -ntp -DskipTests package
  touch jshmem-launcher/target/jshmem-launcher-*.jar
fi
exec bin/shmemrun -np "${NP:-4}" io.jshmem.examples.RmaRing "$@"
