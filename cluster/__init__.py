"""The cluster on one machine (issue 34): network namespaces as hosts on one bridge, HAProxy in front of two or
three application nodes, Redis with Sentinel, PostgreSQL with PgBouncer or Django's pool. `make cluster`,
`python -m cluster ...`, or `cluster.core.Cluster` from Python (docs/deployment.md, "A cluster on one machine")."""
