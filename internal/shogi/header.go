package shogi

// Standard header keys, by their Kakinoki (KIF) names. Every format maps its
// own names onto these (the table of each format lives in its reader's and
// writer's file); keys no format knows are kept under their own name.
const (
	KeyBlack          = "先手"
	KeyWhite          = "後手"
	KeyShitate        = "下手" // the handicap receiver (Black) in handicap games
	KeyUwate          = "上手" // the handicap giver (White) in handicap games
	KeyStartTime      = "開始日時"
	KeyEndTime        = "終了日時"
	KeyDate           = "対局日"
	KeyEvent          = "棋戦"
	KeyTitle          = "表題"
	KeyOpening        = "戦型"
	KeyTimeLimit      = "持ち時間"
	KeyByoyomi        = "秒読み"
	KeyTimeUsed       = "消費時間"
	KeySite           = "場所"
	KeyPublished      = "掲載"
	KeyNote           = "備考"
	KeyBlackShort     = "先手省略名"
	KeyWhiteShort     = "後手省略名"
	KeyRecorder       = "記録係"
	KeyBlackTimeLimit = "先手持ち時間"
	KeyWhiteTimeLimit = "後手持ち時間"
	KeyMaxMoves       = "最大手数"
	KeyJishogi        = "持将棋"
	KeyHandicap       = "手合割"
)

// HeaderField is one key/value pair of a record header.
type HeaderField struct {
	Key   string
	Value string
}

// Header is the ordered list of a record's header fields. Order and unknown
// keys survive; a key may appear more than once when the source repeated it.
type Header []HeaderField

// Get returns the value of the first field named key.
func (h Header) Get(key string) (string, bool) {
	for _, f := range h {
		if f.Key == key {
			return f.Value, true
		}
	}
	return "", false
}

// Value returns the value of the first field named key, or "".
func (h Header) Value(key string) string {
	v, _ := h.Get(key)
	return v
}

// Set replaces the value of the first field named key, or appends the field.
func (h *Header) Set(key, value string) {
	for i := range *h {
		if (*h)[i].Key == key {
			(*h)[i].Value = value
			return
		}
	}
	*h = append(*h, HeaderField{key, value})
}

// Add appends a field even if the key is already present.
func (h *Header) Add(key, value string) { *h = append(*h, HeaderField{key, value}) }

// Delete removes every field named key.
func (h *Header) Delete(key string) {
	out := (*h)[:0]
	for _, f := range *h {
		if f.Key != key {
			out = append(out, f)
		}
	}
	*h = out
}

// PlayerKey returns the header key of the player of side c: 先手 or 後手,
// or 下手 or 上手 in a handicap game.
func PlayerKey(c Color, handicap bool) string {
	switch {
	case c == Black && handicap:
		return KeyShitate
	case c == Black:
		return KeyBlack
	case handicap:
		return KeyUwate
	}
	return KeyWhite
}
