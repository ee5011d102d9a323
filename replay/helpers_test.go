package replay_test

import (
	"fmt"

	"github.com/tidwall/gjson"

	"github.com/hookchain/hookchain/replay"
)

func gjsonGet(b []byte, path string) string { return gjson.GetBytes(b, path).String() }

func sprintf(format string, a ...any) string { return fmt.Sprintf(format, a...) }

// geminiResultText is the text of c's result, as hooks are given it.
func geminiResultText(c replay.Call) string { return c.Result.Text() }
