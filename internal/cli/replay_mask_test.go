package cli

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestReplayMasksEverySecretItPrintsAndKeepsJSONValid(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"an AWS key", `aws_access_key_id = AKIAIOSFODNN7EXAMPLE`, `aws_access_key_id = AKIA****`},
		{"an Anthropic key", `ANTHROPIC_API_KEY=sk-ant-api03-abcdefghijklmnopqrstuvwxyz`, `ANTHROPIC_API_KEY=sk-ant-****`},
		{"an OpenAI key", `key sk-proj-ABCDEFGHIJKLMNOP1234 end`, `key sk-proj-**** end`},
		{"a bearer token", `curl -H "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.x" api`, `curl -H "Authorization: Bearer ****" api`},
		{"a password", `mysql --password=hunter2 -u root`, `mysql --password=**** -u root`},
		{"a private key in JSON", `"-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----\n"`,
			`"-----BEGIN RSA PRIVATE KEY-----****-----END RSA PRIVATE KEY-----\n"`},
		{"a cut private key stops at the string's end", `"-----BEGIN PRIVATE KEY-----\nMIIE\"x", "a": 1`, `"-----BEGIN PRIVATE KEY-----****\"x", "a": 1`},
		{"nothing secret", `ls -la /tmp && git push`, `ls -la /tmp && git push`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, string(mask([]byte(tt.in))))
		})
	}
	line, _ := json.Marshal(map[string]string{"command": "echo \"password=x\\\"y\" Bearer abcdefghij\\\" -----BEGIN EC PRIVATE KEY-----\n\"q\"\\"})
	assert.True(t, json.Valid(mask(line)), "%s", mask(line))
}
