package replay

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// File is one transcript file and its format ("" when none replay reads).
type File struct {
	Path   string
	Format Format
}

// Files expands paths (files or folders, recursed) into transcript files,
// sorted by path, each with its format detected from its first lines.
//
// In a folder, the .jsonl and .json files are transcripts, except Claude
// Code's tool-results folders (outputs persisted to disk) and subagents'
// .meta.json files, which are not. A Claude Code session file named alone
// brings its subagents' files: <session>/subagents/agent-*.jsonl (2.1.x)
// and the agent-*.jsonl beside it of the same sessionId (2.0.x). A path
// that does not exist is an error; a file of no known format is a File
// with Format "", which Read reports as UnknownFormat.
func Files(paths ...string) ([]File, error) {
	seen := map[string]bool{}
	var out []File
	add := func(p string) error {
		p = filepath.Clean(p)
		if seen[p] {
			return nil
		}
		seen[p] = true
		f, err := detectFile(p)
		if err != nil {
			return err
		}
		out = append(out, File{Path: p, Format: f})
		return nil
	}
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		if !info.IsDir() {
			if err := add(p); err != nil {
				return nil, err
			}
			if err := addSubagents(p, add); err != nil {
				return nil, err
			}
			continue
		}
		err = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return fmt.Errorf("replay: %w", err)
			case d.IsDir() && d.Name() == "tool-results":
				return filepath.SkipDir
			case d.IsDir() || !transcriptName(d.Name()):
				return nil
			}
			return add(q)
		})
		if err != nil {
			return nil, err
		}
	}
	slices.SortFunc(out, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

func transcriptName(name string) bool {
	return strings.HasSuffix(name, ".jsonl") ||
		strings.HasSuffix(name, ".json") && !strings.HasSuffix(name, ".meta.json")
}

// addSubagents adds the subagent files of the Claude Code session file p.
func addSubagents(p string, add func(string) error) error {
	dir, name := filepath.Split(p)
	session, ok := strings.CutSuffix(name, ".jsonl")
	if !ok || strings.HasPrefix(session, "agent-") {
		return nil
	}
	nested, _ := filepath.Glob(filepath.Join(dir, session, "subagents", "agent-*.jsonl"))
	beside, _ := filepath.Glob(filepath.Join(dir, "agent-*.jsonl"))
	for _, q := range beside {
		if sessionOf(q) == session {
			nested = append(nested, q)
		}
	}
	for _, q := range nested {
		if err := add(q); err != nil {
			return err
		}
	}
	return nil
}

// sessionOf is the sessionId of a Claude Code file's first entry that has one.
func sessionOf(p string) string {
	head, err := readHead(p)
	if err != nil || Detect(head) != ClaudeCode {
		return ""
	}
	for _, line := range strings.Split(string(head), "\n") {
		if s := gjsonString(line, "sessionId"); s != "" {
			return s
		}
	}
	return ""
}

func detectFile(p string) (Format, error) {
	head, err := readHead(p)
	if err != nil {
		return "", err
	}
	return Detect(head), nil
}

func readHead(p string) ([]byte, error) {
	fh, err := openRegular(p)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	head := make([]byte, detectBytes)
	n, err := io.ReadFull(fh, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, fmt.Errorf("replay: reading %s: %w", p, err)
	}
	return head[:n], nil
}
