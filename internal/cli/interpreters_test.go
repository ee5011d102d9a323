package cli

import (
	"testing"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// TestMain starts the hook programs' interpreters without their shims.
func TestMain(m *testing.M) { testfiles.Main(m) }
