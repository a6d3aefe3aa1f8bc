package render

import (
	"testing"
	"time"
)

func TestCSADate(t *testing.T) {
	tests := []struct{ in, want string }{
		{"2024/01/02 10:00:00", "2024/01/02 10:00:00"},
		{"2024/01/02", "2024/01/02"},
		{"2024-01-02", "2024/01/02"},
		{"  2024/01/02  ", "2024/01/02"},
		{"1999/07/15(木) 19:07:12", "1999/07/15 19:07:12"},
		{"2024/01/02（火）10:00", "2024/01/02 10:00:00"},
		{"2024/01/02T1:2", "2024/01/02 01:02:00"},
		{"2021/10/16 9:05", "2021/10/16 09:05:00"},
		{"2024/01/02(火", "2024/01/02(火"},
		{"2024/01/02 10", "2024/01/02 10"},
		{"2024/01/02 1:2:3:4", "2024/01/02 1:2:3:4"},
		{"2024/01/02 123:00", "2024/01/02 123:00"},
		{"2024/01/02 10::00", "2024/01/02 10::00"},
		{"2024/01/02 10:00:", "2024/01/02 10:00:"},
		{"2024/01-02", "2024/01-02"},
		{"平成元年", "平成元年"},
	}
	for _, tt := range tests {
		if got := csaDate(tt.in); got != tt.want {
			t.Errorf("csaDate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { csaDate("2024/01/02 10:00:00") }); n != 0 {
		t.Errorf("csaDate of a CSA date allocates %v times", n)
	}
}

func TestCSATime(t *testing.T) {
	tests := []struct {
		d    time.Duration
		v3   bool
		want string
	}{
		{0, false, "T0\n"},
		{9 * time.Second, false, "T9\n"},
		{59 * time.Second, true, "T59\n"},
		{100 * time.Second, false, "T100\n"},
		{3600 * time.Second, true, "T3600\n"},
		{1500 * time.Millisecond, false, "T1\n"},
		{1500 * time.Millisecond, true, "T1.5\n"},
		{12*time.Second + 5*time.Millisecond, true, "T12.005\n"},
		{123*time.Second + 250*time.Millisecond, true, "T123.25\n"},
		{time.Second + 999*time.Microsecond, true, "T1\n"},
		{-time.Second, false, "T0\n"},
	}
	for _, tt := range tests {
		if got := string(appendCSATime(nil, tt.d, tt.v3)); got != tt.want {
			t.Errorf("appendCSATime(%v, v3 %v) = %q, want %q", tt.d, tt.v3, got, tt.want)
		}
	}
}
