package replay_test

import "github.com/tidwall/gjson"

func gjsonGet(b []byte, path string) string { return gjson.GetBytes(b, path).String() }
