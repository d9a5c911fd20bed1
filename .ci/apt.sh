# Sourced by the set-up scripts: `apt_need WHAT PKG...` installs the Debian
# packages of PKG... that are not installed yet, with apt-get, as root or
# through sudo without a password. Where it cannot, it stops at once and
# prints the one command that installs them. Installs nothing when all are
# there, so that a second run of the scripts installs nothing.

apt_need() {
    local what=$1
    shift
    local missing=() pkg
    if ! command -v dpkg-query >/dev/null 2>&1; then
        for pkg in "$@"; do missing+=("$pkg"); done
        echo "$what needs the Debian packages ${missing[*]} (or their equivalents):" >&2
        echo "this system has no dpkg; install them with its package manager, then run again" >&2
        exit 1
    fi
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=
    if [ "$(id -u)" != 0 ]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
            sudo=sudo
        else
            echo "$what needs the Debian packages ${missing[*]}, and installing them needs root." >&2
            echo "Install them with this command, then run again:" >&2
            echo "  sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
            exit 1
        fi
    fi
    echo "installing ${missing[*]} ($what)"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    apt_install_hook "${missing[@]}"
}

# The install itself; servers.sh overrides it for inn2's configuration step.
apt_install_hook() {
    $sudo apt-get install -y -qq --no-install-recommends "$@"
}
