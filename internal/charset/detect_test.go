package charset

import "testing"

// TestDeclaredUTF8BadBytes: a file that declares UTF-8 and holds bytes
// that are neither UTF-8 nor Shift_JIS is UTF-8 with bad bytes (its errors
// say so, where they are); Shift_JIS bytes under the declaration are the
// quirk of converted files, read as Shift_JIS.
func TestDeclaredUTF8BadBytes(t *testing.T) {
	decl := "#KIF version=2.0 encoding=UTF-8\n"
	bad := decl + "*\xff\xfe\xfd\xfc\xa0\x80 先手\n"
	if got := Detect([]byte(bad), true); got != UTF8 {
		t.Errorf("bad bytes under a UTF-8 declaration: %s", got)
	}
	sjis := decl + "\x90\xe6\x8e\xe8\x81\x46\x89\x48\x90\xb6\n" // 先手：羽生 in CP932
	if got := Detect([]byte(sjis), true); got != ShiftJIS {
		t.Errorf("Shift_JIS under a UTF-8 declaration: %s", got)
	}
}
