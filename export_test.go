package hookchain

// DuplicateKey is the fuzz targets' reading of which key a JSON document
// gives twice, shared with the fold's model in package hookchain_test.
var DuplicateKey = duplicateKey
