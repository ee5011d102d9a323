package replay

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tidwall/gjson"
)

// The most read of the files that name a Gemini project: the CLI's
// registry of a few paths is kilobytes, its marker one path. Larger ones
// are not what it wrote.
const (
	maxGeminiRegistry = 1 << 20
	maxGeminiMarker   = 4 << 10
)

// geminiProject is the project directory a Gemini CLI session file was
// recorded in, which the CLI keeps outside it: the file lies in
// <home>/tmp/<dir>/chats/ (a subagent's one folder deeper), and <dir> is
// named after the project by <home>/projects.json, {"projects": {"<path>":
// "<dir>"}}, or, in the older layout, is the SHA-256 (hex) of the path;
// <home>/tmp/<dir>/.project_root, where the CLI writes one, holds the
// owner's path. Every source must name the same path, else the cwd is not
// known: a wrong directory is worse than none.
//
// problem says why no project is given where one should be (a registry
// or marker unreadable, garbage, too large, or naming two projects); a
// file outside that layout, or a folder no source names, is no problem.
func geminiProject(path string) (project, problem string) {
	chats := filepath.Dir(filepath.Clean(path))
	if filepath.Base(chats) != "chats" {
		chats = filepath.Dir(chats)
	}
	dir := filepath.Dir(chats)
	tmp := filepath.Dir(dir)
	if filepath.Base(chats) != "chats" || filepath.Base(tmp) != "tmp" {
		return "", ""
	}
	slug, home := filepath.Base(dir), filepath.Dir(tmp)
	named := map[string]bool{}

	marker, err := readSmall(filepath.Join(dir, ".project_root"), maxGeminiMarker)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return "", fmt.Sprintf("the project folder's .project_root: %v", err)
	default:
		owner := strings.TrimSpace(string(marker))
		if !isProjectPath(owner) {
			return "", fmt.Sprintf("the project folder's .project_root is not one absolute path: %s", excerpt(marker))
		}
		named[filepath.Clean(owner)] = true
	}

	registry := filepath.Join(home, "projects.json")
	text, err := readSmall(registry, maxGeminiRegistry)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return "", fmt.Sprintf("the project registry: %v", err)
	default:
		projects := gjson.ParseBytes(text).Get("projects")
		if !valid(text) || !gjson.ParseBytes(text).IsObject() || !projects.IsObject() {
			return "", fmt.Sprintf("the project registry %s is not {\"projects\": {…}}", registry)
		}
		// A path given twice keeps its last folder, as the CLI reads it.
		dirs := map[string]string{}
		object(projects, func(p string, v gjson.Result) { dirs[p] = v.Str })
		for p, d := range dirs {
			if d != slug && hashHex(p) != slug {
				continue
			}
			if !isProjectPath(p) {
				return "", fmt.Sprintf("the project registry names %q for %s, not an absolute path", p, slug)
			}
			named[filepath.Clean(p)] = true
		}
	}

	switch len(named) {
	case 0:
		return "", ""
	case 1:
		for p := range named {
			return p, ""
		}
	}
	paths := make([]string, 0, len(named))
	for p := range named {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return "", fmt.Sprintf("the project folder %s is named for %d projects: %s", slug, len(paths), strings.Join(paths, ", "))
}

func isProjectPath(p string) bool {
	return filepath.IsAbs(p) && !strings.ContainsAny(p, "\x00\r\n")
}

func hashHex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// readSmall is the regular file path's bytes, if it holds at most max.
func readSmall(path string, max int64) ([]byte, error) {
	fh, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	b, err := io.ReadAll(io.LimitReader(fh, max+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("replay: reading %s: %w", path, err)
	case int64(len(b)) > max:
		return nil, fmt.Errorf("replay: %s is over %d bytes", path, max)
	}
	return b, nil
}
