"""Gunicorn for the bench: a worker per core, threads so a worker waiting on PostgreSQL serves others."""
import multiprocessing
import os

bind = f"127.0.0.1:{os.environ.get('PEER_PORT') or os.environ.get('PORT', '4401')}"
workers = int(os.environ.get("PEER_WORKERS", multiprocessing.cpu_count()))
worker_class = os.environ.get("PEER_WORKER_CLASS", "gthread")
threads = int(os.environ.get("PEER_THREADS", "4"))
keepalive = 30
accesslog = None
loglevel = "warning"


def when_ready(server):
    # The line bench/lib.mjs startServer() waits for.
    print(f"ready on {bind}", flush=True)
