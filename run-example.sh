#!/usr/bin/env bash
# Builds jshmem if needed (first run, or sources newer than the built jars), then runs the rma-ring example on
# 4 PEs. NP=8 ./run-example.sh runs it on 8.
set -euo pipefail
cd "$(dirname "$0")"
source bin/jshmem-env.sh
stamp=$(ls jshmem-examples/target/jshmem-examples-*.jar 2>/dev/null | head -1 || true)
if [ -z "$stamp" ] || [ ! -d jshmem-launcher/target/lib ] \
   || [ -n "$(find . -path ./.git -prune -o \( -name '*.java' -o -name pom.xml \) -newer "$stamp" -print -quit)" ]; then
  echo "run-example: building jshmem (mvn install -DskipTests)..."
  mvn -B -q -ntp -DskipTests install
fi
exec bin/shmemrun -np "${NP:-4}" io.jshmem.examples.RmaRing "$@"
