package process

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/hookchain/hookchain"
)

// ProtocolVersion is the version of the persistent protocol this package
// speaks, which a persistent hook's hello line names. A change that an
// existing hook could misread gets a new version.
const ProtocolVersion = 1

// protocolName is what a hello line's "protocol" says: a hook that prints
// something else first was not written for this protocol.
const protocolName = "hookchain-persistent"

// maxID is the largest id a request carries: 2^53-1, the largest integer
// every JSON reader (JavaScript's included) holds exactly.
const maxID = 1<<53 - 1

// helloLine is the hello a persistent hook written in Go writes.
var helloLine = []byte(`{"protocol":"` + protocolName + `","version":` + strconv.Itoa(ProtocolVersion) + "}\n")

// checkHello reads a persistent hook's first line, which must be
// {"protocol":"hookchain-persistent","version":1}; other keys are ignored,
// so that a later version can say more.
func checkHello(line []byte) error {
	obj := bytes.Trim(line, jsonSpace)
	fields, err := fieldsOf(obj, []string{"protocol", "version"}, "its first line", "its hello")
	if err != nil {
		return fmt.Errorf("%w; a persistent hook starts by writing %s", err, bytes.TrimSpace(helloLine))
	}
	var name string
	if json.Unmarshal(fields["protocol"], &name) != nil || name != protocolName {
		return fmt.Errorf("its first line is not a hello (want %s): %s", bytes.TrimSpace(helloLine), excerptText(obj))
	}
	raw, ok := fields["version"]
	if !ok {
		return errors.New(`its hello has no "version"`)
	}
	v, err := strconv.Atoi(string(raw))
	switch {
	case err != nil:
		return fmt.Errorf(`its hello's "version" is %s, not an integer`, excerptJSON(raw))
	case v != ProtocolVersion:
		return fmt.Errorf("it speaks persistent protocol version %d, and this hookchain speaks version %d", v, ProtocolVersion)
	}
	return nil
}

// withID returns the JSON object obj with "id" as its first key: a request
// or an answer in the native dialect, made a line of the persistent
// protocol.
func withID(id uint64, obj []byte) []byte {
	obj = bytes.TrimLeft(obj, jsonSpace)
	rest := bytes.TrimLeft(obj[1:], jsonSpace) // obj[0] is '{'
	out := make([]byte, 0, len(obj)+24)
	out = append(out, `{"id":`...)
	out = strconv.AppendUint(out, id, 10)
	if len(rest) > 0 && rest[0] != '}' {
		out = append(out, ',')
	}
	return append(out, rest...)
}

// responseID reads the id of a line a persistent hook wrote after its
// hello: the line must be one JSON object with "id" exactly once, an
// integer from 1 to 2^53-1 written as digits alone. Everything else about
// the line is its call's to judge.
func responseID(line []byte) (uint64, error) {
	obj := bytes.Trim(line, jsonSpace)
	if len(obj) == 0 {
		return 0, errors.New("it wrote an empty line")
	}
	fields, err := fieldsOf(obj, []string{"id"}, "a line it wrote", "a line it wrote")
	if err != nil {
		return 0, err
	}
	raw, ok := fields["id"]
	if !ok {
		return 0, fmt.Errorf(`a line it wrote has no "id": %s`, excerptText(obj))
	}
	return parseID(raw)
}

// parseID reads an id: digits only (no sign, fraction or exponent, which
// would let two spellings name one call), from 1 to maxID.
func parseID(raw json.RawMessage) (uint64, error) {
	for _, c := range raw {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf(`"id" is %s, not a whole number from 1 to %d`, excerptJSON(raw), uint64(maxID))
		}
	}
	id, err := strconv.ParseUint(string(raw), 10, 64)
	if err != nil || id == 0 || id > maxID {
		return 0, fmt.Errorf(`"id" is %s, not a whole number from 1 to %d`, excerptJSON(raw), uint64(maxID))
	}
	return id, nil
}

// hookFailure is an answer that reports the hook's own failure.
type hookFailure struct{ msg string }

func (h hookFailure) Error() string { return h.msg }

// decodeReply reads a persistent hook's answer to e: an answer in the
// native dialect (see DecodeAnswer), or {"id":N,"error":"…"}, the hook's
// own failure, returned as a hookFailure. An answer with both an "error"
// and a "verdict" is neither.
func decodeReply(e hookchain.Event, line []byte) (hookchain.Outcome, error) {
	obj := bytes.Trim(line, jsonSpace)
	fields, err := fieldsOf(obj, []string{"error", "verdict"}, "the answer", "the answer")
	if err != nil {
		return hookchain.Outcome{}, err
	}
	if raw, ok := fields["error"]; ok && string(raw) != "null" {
		if _, ok := fields["verdict"]; ok {
			return hookchain.Outcome{}, errors.New(`the answer has both "error" and "verdict"`)
		}
		var msg string
		if json.Unmarshal(raw, &msg) != nil {
			return hookchain.Outcome{}, fmt.Errorf(`"error" is %s, not a string`, excerptJSON(raw))
		}
		if msg == "" {
			msg = "it gave no message"
		}
		return hookchain.Outcome{}, hookFailure{msg}
	}
	return DecodeAnswer(e, obj)
}

// errLineTooLong is readLine's error for a line longer than its cap.
var errLineTooLong = errors.New("line too long")

// readLine reads one line, its '\n' included, and never holds more than
// max bytes of it besides the newline: a longer line is errLineTooLong,
// found before it is kept. A line cut short by the end of the stream is
// returned with the stream's error.
func readLine(br *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		frag, err := br.ReadSlice('\n')
		n := len(frag)
		if err == nil {
			n-- // the newline does not count
		}
		if len(line)+n > max {
			return nil, errLineTooLong
		}
		line = append(line, frag...)
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}
