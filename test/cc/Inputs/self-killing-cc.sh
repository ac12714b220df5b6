#!/bin/sh
# Stands in for mpicc where a test needs a compiler that dies of a signal (SIGTERM) mid-build.
kill -TERM $$
