#!/usr/bin/env bash
# Runs every test of jshmem (unit tests and multi-process tests with real PE JVMs), set-up included: installs
# the system packages the tests need (see bin/jshmem-setup.sh) when run as root, else says what to install.
set -euo pipefail
cd "$(dirname "$0")"
source bin/jshmem-env.sh
source bin/jshmem-setup.sh
jshmem_setup || exit 1
exec mvn -B -ntp install "$@"
