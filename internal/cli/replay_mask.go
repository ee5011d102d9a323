package cli

import "regexp"

// secrets are what replay masks in everything it prints, unless --full:
// transcripts hold real credentials (FORMATS.md §1.8, trap 14). Each
// pattern keeps what names the secret and masks the rest, and never
// crosses a JSON string's end (an unescaped quote or a backslash before
// one), so that a masked JSON line is still JSON.
var secrets = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`-----BEGIN ([A-Z ]*)PRIVATE KEY-----(?:[^"\\]|\\[^"])*?-----END [A-Z ]*PRIVATE KEY-----`), "-----BEGIN ${1}PRIVATE KEY-----****-----END ${1}PRIVATE KEY-----"},
	// A key cut short, up to its string's end; not one masked already.
	{regexp.MustCompile(`-----BEGIN ([A-Z ]*)PRIVATE KEY-----(?:[^"\\*]|\\[^"])(?:[^"\\]|\\[^"])*`), "-----BEGIN ${1}PRIVATE KEY-----****"},
	{regexp.MustCompile(`\b(AKIA|ASIA)[0-9A-Z]{16}\b`), "${1}****"},
	{regexp.MustCompile(`\b(sk-(?:ant-|proj-)?)[A-Za-z0-9_-]{16,}`), "${1}****"},
	{regexp.MustCompile(`(?i)\b(bearer\s+)[A-Za-z0-9._~+/=-]{8,}`), "${1}****"},
	{regexp.MustCompile(`(?i)\b((?:password|passwd|pwd|secret|token)\s*[=:]\s*)(?:[^\s&"'\\,;}]|\\[^"])+`), "${1}****"},
}

// mask is text with every secret masked.
func mask(text []byte) []byte {
	for _, s := range secrets {
		text = s.re.ReplaceAll(text, []byte(s.with))
	}
	return text
}
