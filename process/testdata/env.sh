#!/bin/sh
env
