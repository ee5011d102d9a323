package hookchain

import (
	"cmp"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// writeValue writes what v holds, for the chain's ID: every field, element
// and map entry, through pointers and interfaces, and no address. An
// address is no identity: memory freed by one configuration is reused by
// the next, and the same configuration loaded again lies elsewhere. Map
// entries are written in the order of their keys as written; a function is
// named as the runtime names it. A pointer, map or slice already written
// is written as a back-reference, by when it was first seen, so a cycle
// ends and a shared value is written once.
func writeValue(w io.Writer, v reflect.Value) {
	(&valueWriter{w: w, seen: map[seenKey]int{}}).write(v)
}

type seenKey struct {
	t   reflect.Type // a struct and its first field share an address
	ptr uintptr
	len int
}

type valueWriter struct {
	w    io.Writer
	seen map[seenKey]int
}

// again reports whether the value k names was written already, writing a
// back-reference to it if so, and marks it written otherwise.
func (vw *valueWriter) again(k seenKey) bool {
	if n, ok := vw.seen[k]; ok {
		io.WriteString(vw.w, "<seen "+strconv.Itoa(n)+">")
		return true
	}
	vw.seen[k] = len(vw.seen)
	return false
}

func (vw *valueWriter) write(v reflect.Value) {
	w := vw.w
	if !v.IsValid() {
		io.WriteString(w, "nil")
		return
	}
	io.WriteString(w, v.Type().String())
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			io.WriteString(w, "(nil)")
			return
		}
		if v.Kind() == reflect.Pointer && vw.again(seenKey{v.Type(), v.Pointer(), 0}) {
			return
		}
		io.WriteString(w, "(")
		vw.write(v.Elem())
		io.WriteString(w, ")")
	case reflect.Struct:
		io.WriteString(w, "{")
		for i := range v.NumField() {
			io.WriteString(w, v.Type().Field(i).Name+":")
			vw.write(v.Field(i))
			io.WriteString(w, ",")
		}
		io.WriteString(w, "}")
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice {
			if v.IsNil() {
				io.WriteString(w, "(nil)")
				return
			}
			if vw.again(seenKey{v.Type(), v.Pointer(), v.Len()}) {
				return
			}
		}
		io.WriteString(w, "[")
		for i := range v.Len() {
			vw.write(v.Index(i))
			io.WriteString(w, ",")
		}
		io.WriteString(w, "]")
	case reflect.Map:
		if v.IsNil() {
			io.WriteString(w, "(nil)")
			return
		}
		if vw.again(seenKey{v.Type(), v.Pointer(), 0}) {
			return
		}
		// Keys are written on their own, to sort the entries before any
		// value is written: back-references count in the order written,
		// which must not be the map's, which changes from run to run.
		type entry struct {
			k string
			v reflect.Value
		}
		var entries []entry
		for it := v.MapRange(); it.Next(); {
			var k strings.Builder
			(&valueWriter{w: &k, seen: map[seenKey]int{}}).write(it.Key())
			entries = append(entries, entry{k.String(), it.Value()})
		}
		slices.SortStableFunc(entries, func(a, b entry) int { return cmp.Compare(a.k, b.k) })
		io.WriteString(w, "{")
		for _, e := range entries {
			io.WriteString(w, e.k+":")
			vw.write(e.v)
			io.WriteString(w, ",")
		}
		io.WriteString(w, "}")
	case reflect.Func:
		if !v.IsNil() {
			io.WriteString(w, "("+funcNameAt(v.Pointer())+")")
		}
	case reflect.Chan, reflect.UnsafePointer:
		// An address, and nothing else: no configuration is held there.
	case reflect.Bool:
		io.WriteString(w, "("+strconv.FormatBool(v.Bool())+")")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		io.WriteString(w, "("+strconv.FormatInt(v.Int(), 10)+")")
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		io.WriteString(w, "("+strconv.FormatUint(v.Uint(), 10)+")")
	case reflect.Float32, reflect.Float64:
		io.WriteString(w, "("+strconv.FormatFloat(v.Float(), 'g', -1, 64)+")")
	case reflect.Complex64, reflect.Complex128:
		io.WriteString(w, "("+strconv.FormatComplex(v.Complex(), 'g', -1, 128)+")")
	case reflect.String:
		io.WriteString(w, "("+strconv.Quote(v.String())+")")
	}
}
