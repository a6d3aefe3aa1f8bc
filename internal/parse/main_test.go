package parse_test

import (
	"testing"

	"github.com/kifconv/kifconv/internal/shogi/shogitest"
)

// TestMain runs the tests with the collector set as in kifconv and their
// temporary files in memory (shogitest.Main).
func TestMain(m *testing.M) { shogitest.Main(m) }
