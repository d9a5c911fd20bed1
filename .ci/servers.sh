#!/usr/bin/env bash
# Installs the protocol servers the `urikit fetch` tests run on loopback,
# where they are missing: socat (telnet echo), gophernicus (gopher, behind
# socat), inn2 (news), bsdutils (`script`, a terminal for the CLI test),
# media-types (pygopherd reads /etc/mime.types), and in one Python venv
# pyftpdlib (ftp), pygopherd (gopher) and aiosmtpd (smtp). http is Python's
# own http.server. Idempotent: a second run installs nothing.
#
#   .ci/servers.sh     # apt-get as root, or with sudo; else it says what to install
#
# The venv goes to $URIKIT_SERVERS (default ~/.cache/urikit-servers/venv);
# the tests look for it there.
set -euo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
# shellcheck source=apt.sh
. "$here/apt.sh"

dir=${URIKIT_SERVERS:-$HOME/.cache/urikit-servers}
py=${PYTHON:-python3}

# inn2's post-install step fails on a host without a domain name
# ("hostname does not resolve or domain not set in inn.conf"): give
# inn.conf one and finish the configuration. ($sudo is apt_need's.)
apt_install_hook() {
    $sudo apt-get install -y -qq --no-install-recommends "$@" || {
        $sudo sed -i 's/^#domain:.*/domain: urikit.test/' /etc/news/inn.conf
        $sudo dpkg --configure -a
    }
}

pkgs=(socat gophernicus inn2 bsdutils media-types)
# Debian's own python3 makes venvs only with python3-venv (ensurepip).
if ! command -v "$py" >/dev/null || ! "$py" -c 'import ensurepip' 2>/dev/null; then
    pkgs+=(python3 python3-venv)
fi
apt_need "the fetch tests' servers" "${pkgs[@]}"
for bin in socat gophernicus script setpriv /usr/lib/news/bin/innd /usr/lib/news/bin/ctlinnd; do
    command -v "$bin" >/dev/null || { echo "servers.sh: $bin is missing after the install" >&2; exit 1; }
done

if [ ! -x "$dir/venv/bin/python" ]; then
    mkdir -p "$dir"
    "$py" -m venv "$dir/venv"
fi
if ! "$dir/venv/bin/python" -c 'import pyftpdlib, pygopherd, aiosmtpd' 2>/dev/null; then
    "$dir/venv/bin/pip" install --quiet --disable-pip-version-check pyftpdlib pygopherd aiosmtpd
    "$dir/venv/bin/python" -c 'import pyftpdlib, pygopherd, aiosmtpd'
fi
echo "servers.sh: servers ready; venv at $dir/venv"
