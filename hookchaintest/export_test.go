package hookchaintest

// RunFilesWithUpdate is RunFiles with update mode given as an argument, so
// that tests can use update mode without setting the flag for the whole
// test binary.
var RunFilesWithUpdate = runFiles
