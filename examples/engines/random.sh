#!/bin/sh
# A random engine for the mancala engine protocol (docs/ENGINE-PROTOCOL.md) in POSIX shell:
# any variant; it plays the legal move (from the manager's `legal` line) whose index is the
# `go` line's seed modulo the number of legal moves (the seed's last six digits, so that the
# shell's arithmetic cannot overflow).
legal=""
while IFS= read -r line; do
    set -- $line
    case "$1" in
    mancala-protocol)
        echo "id name random.sh"
        echo "protocolok 1"
        ;;
    isready) echo "readyok" ;;
    legal)
        shift
        legal="$*"
        ;;
    go)
        seed=0
        while [ $# -gt 0 ]; do
            if [ "$1" = seed ] && [ $# -gt 1 ]; then seed=$2; fi
            shift
        done
        while [ ${#seed} -gt 6 ]; do seed=${seed#?}; done
        while :; do
            case $seed in
            0?*) seed=${seed#0} ;;
            *) break ;;
            esac
        done
        set -- $legal
        i=$((seed % $# + 1))
        eval "move=\${$i}"
        echo "bestmove $move"
        ;;
    quit) exit 0 ;;
    esac
done
