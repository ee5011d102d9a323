// Package peers times one tool-call policy written three ways: as a
// hookchain chain around an executor, as mcp-go's tool-handler middleware,
// and as the MCP go-sdk's receiving middleware. Each way is first shown to
// enforce the policy (TestEachWayEnforcesThePolicy), then each framework's
// own call path is timed without the policy and with it
// (BenchmarkOverhead), so that what the policy adds per call can be read
// off side by side: bench/peers/run prints the differences.
//
// It is a module of its own so that the core never requires the SDKs.
package peers
