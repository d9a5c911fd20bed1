#!/usr/bin/env bash
# Installs the protocol servers the `urikit fetch` tests run on loopback:
# socat (telnet echo), gophernicus (gopher, behind socat), inn2 (news),
# bsdutils (`script`, a terminal for the CLI test), media-types (pygopherd
# reads /etc/mime.types), and in
# one Python venv pyftpdlib (ftp), pygopherd (gopher) and aiosmtpd (smtp).
# http is Python's own http.server. Idempotent: run it again at any time.
#
#   .ci/servers.sh            # apt-get needs root (or sudo)
#
# The venv goes to $URIKIT_SERVERS (default ~/.cache/urikit-servers/venv);
# the tests look for it there.
set -euo pipefail

dir=${URIKIT_SERVERS:-$HOME/.cache/urikit-servers}
sudo=
if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive

py=${PYTHON:-python3}
need=()
for pkg in socat gophernicus inn2 bsdutils media-types; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || need+=("$pkg")
done
# Debian's own python3 makes venvs only with python3-venv (ensurepip).
if ! command -v "$py" >/dev/null || ! "$py" -c 'import ensurepip' 2>/dev/null; then
    need+=(python3 python3-venv)
fi
if [ ${#need[@]} -gt 0 ]; then
    $sudo apt-get update
    # inn2's post-install step fails on a host without a domain name
    # ("hostname does not resolve or domain not set in inn.conf"): give
    # inn.conf one and finish the configuration.
    $sudo apt-get install -y --no-install-recommends "${need[@]}" || {
        $sudo sed -i 's/^#domain:.*/domain: urikit.test/' /etc/news/inn.conf
        $sudo dpkg --configure -a
    }
fi
for bin in socat gophernicus script setpriv /usr/lib/news/bin/innd /usr/lib/news/bin/ctlinnd; do
    command -v "$bin" >/dev/null || { echo "servers.sh: $bin is missing after the install" >&2; exit 1; }
done

if [ ! -x "$dir/venv/bin/python" ]; then
    mkdir -p "$dir"
    "$py" -m venv "$dir/venv"
fi
"$dir/venv/bin/pip" install --quiet --disable-pip-version-check pyftpdlib pygopherd aiosmtpd
"$dir/venv/bin/python" -c 'import pyftpdlib, pygopherd, aiosmtpd'
echo "servers.sh: servers ready; venv at $dir/venv"
