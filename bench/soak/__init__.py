"""The loopback soak: the real stack (daphne, Celery worker and beat, PostgreSQL, Redis) under real
websocket clients playing Duelo, Wordgrid and Letras Cruzadas at human pace (`make soak`)."""
