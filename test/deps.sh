#!/usr/bin/env bash
# What the test suite needs besides the checkout, installed when missing so that the README's test
# command passes on a fresh machine with nothing installed by hand:
#   node_modules  bun, the libraries and the MCP test client (npm ci, from package-lock.json)
#   rg            the parity tests compare grep with real ripgrep
#   ruby          the release checks parse the Homebrew formula (ruby -c)
# System packages come from apt-get (as root, or through password-less sudo). Where that is not
# possible, one line names what is missing and how to install it, and the run stops (exit 2):
# a parity test skipped for want of rg would prove nothing.
set -uo pipefail
cd "$(dirname "$0")/.."

# The stamp holds the hash of the package-lock.json that node_modules was installed from: a changed
# lock file reinstalls; a node_modules without a stamp (installed by hand) is trusted as it is.
stamp=node_modules/.agentgrep-lock-sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -x node_modules/.bin/bun ] || { [ -f "$stamp" ] && [ "$(cat "$stamp")" != "$want" ]; }; then
  echo "test/deps.sh: installing node_modules (npm ci)" >&2
  npm ci --no-audit --no-fund >&2 || { echo "test/deps.sh: npm ci failed; run it by hand and retry" >&2; exit 2; }
  echo "$want" > "$stamp"
fi

missing=()
command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
command -v ruby >/dev/null 2>&1 || missing+=(ruby)
((${#missing[@]})) || exit 0

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then as_root=(sudo -n); else as_root=(none); fi
fi
if ! command -v apt-get >/dev/null 2>&1 || [ "${as_root[0]:-}" = none ]; then
  echo "test/deps.sh: the tests need ${missing[*]} (not installed, and apt-get as root is not available here); install them (e.g. apt-get install ${missing[*]}) and rerun" >&2
  exit 2
fi
echo "test/deps.sh: installing ${missing[*]} (apt-get)" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq >/dev/null 2>&1
if ! "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
  echo "test/deps.sh: apt-get install ${missing[*]} failed; install them by hand and rerun" >&2
  exit 2
fi
for tool in rg ruby; do
  command -v "$tool" >/dev/null 2>&1 || { echo "test/deps.sh: $tool still missing after apt-get; install it by hand and rerun" >&2; exit 2; }
done
