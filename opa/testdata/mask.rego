# What an agent's decision log leaves out: a tool's output and a written
# file's content, which may hold the very secrets the policy redacts.
package system.log

mask contains "/input/output"

mask contains "/input/input/content"
