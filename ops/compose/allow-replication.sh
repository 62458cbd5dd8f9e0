#!/bin/bash
# Run once by the postgres image when it creates the database: lets the compose file's standby
# connect for replication as the shop's user (a superuser, so it may), with its password.
set -euo pipefail
echo "host replication ${POSTGRES_USER} all scram-sha-256" >> "${PGDATA}/pg_hba.conf"
