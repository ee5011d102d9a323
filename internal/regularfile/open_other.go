//go:build !unix

package regularfile

import "os"

// open opens path for reading; only Unix has named pipes that block open.
func open(path string) (*os.File, error) { return os.Open(path) }
