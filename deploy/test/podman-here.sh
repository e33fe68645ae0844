# What podman needs on this project's test machine, and nowhere else (docs/deploy.md, "On this
# project's test machine"): runc (crun refuses its cgroups), file and process limits it accepts
# (podman's defaults exceed them: 'error setting rlimits'), and the docker image format (the OCI
# one drops HEALTHCHECK). Sourced by the scripts that run podman here; read by the deploy test. A
# normal host runs `docker build .` or `podman build .` and `docker compose up -d` with none of it.
nofile="$(ulimit -Hn)"
[ "$nofile" = unlimited ] && nofile=1048576
# Higher values are refused here even below `ulimit -Hu`; a container needs far fewer.
nproc=32768
podman_global_flags=(--runtime runc)
podman_run_flags=(--ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc")
podman_build_flags=("${podman_run_flags[@]}" --format docker)
