#!/usr/bin/env bash
# Runs every test of jshmem (unit tests and multi-process tests with real PE JVMs). Set-up included.
set -euo pipefail
cd "$(dirname "$0")"
source bin/jshmem-env.sh
exec mvn -B -ntp install "$@"
