#!/usr/bin/env bash
# Builds jshmem if needed, then runs the rma-ring example on 4 PEs.
set -euo pipefail
cd "$(dirname "$0")"
source bin/jshmem-env.sh
if [ ! -f jshmem-launcher/target/lib/.complete ] || [ -n "$(find . -name '*.java' -newer jshmem-launcher/target/lib/.complete -print -quit)" ]; then
  mvn -B -q -ntp -DskipTests install
fi
exec bin/shmemrun -np "${NP:-4}" io.jshmem.examples.RmaRing "$@"
