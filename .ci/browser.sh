#!/usr/bin/env bash
# Installs what the browser tests of `urikit explain --html` and `--serve`
# (crates/cli/tests/explain_page.rs) need, where it is missing: Debian's
# chromium, Node.js with npm, and playwright-core at the version pinned in
# crates/cli/tests/browser/package-lock.json, installed by `npm ci` into that
# folder's node_modules. Playwright drives /usr/bin/chromium; it downloads no
# browser of its own. Idempotent: a second run installs nothing.
#
#   .ci/browser.sh     # apt-get as root, or with sudo; else it says what to install
set -euo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
# shellcheck source=apt.sh
. "$here/apt.sh"
browser=$(cd "$here/../crates/cli/tests/browser" && pwd)

pkgs=(chromium)
# Node.js from elsewhere (nodesource's package bundles npm) is taken as it is.
command -v node >/dev/null || pkgs+=(nodejs)
command -v npm >/dev/null || pkgs+=(npm)
apt_need "the browser tests" "${pkgs[@]}"
for bin in /usr/bin/chromium node npm; do
    command -v "$bin" >/dev/null || { echo "browser.sh: $bin is missing after the install" >&2; exit 1; }
done

# npm ci installs exactly the lock file's versions; it runs again only when
# the lock file changed since the last install (a copy of it is kept there).
stamp=$browser/node_modules/.urikit-package-lock.json
if ! cmp -s "$browser/package-lock.json" "$stamp" 2>/dev/null; then
    (cd "$browser" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
    cp "$browser/package-lock.json" "$stamp"
fi
node -e "require('$browser/node_modules/playwright-core')" \
    || { echo "browser.sh: playwright-core does not load from $browser/node_modules" >&2; exit 1; }
echo "browser.sh: chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}'), node $(node --version), playwright-core ready"
