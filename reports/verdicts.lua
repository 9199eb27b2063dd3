-- reports/verdicts.lua: HTML only: a table cell or a bold word that is a
-- verdict (holds, does not hold, inconclusive, met, missed, not profiled on
-- <GPU>, ...) gets the class verdict-<word> (reports/report.css colours it),
-- and every table is wrapped in a div of class "table" that scrolls on its
-- own, so its header can stay in view (position: sticky) while its rows
-- scroll past.
local classes = {
  ['holds'] = 'good', ['met'] = 'good',
  ['holds in part'] = 'part', ['other magnitude'] = 'part',
  ['inconclusive'] = 'unsure',
  ['does not hold'] = 'bad', ['missed'] = 'bad',
  ['not tested'] = 'none', ['not measured'] = 'none',
}

-- The class of a verdict's text: 'not profiled on <GPU>' names its GPU.
local function class_of(text)
  if text:match('^not profiled on ') then return 'none' end
  return classes[text]
end

local function mark(blocks)
  local text = pandoc.utils.stringify(blocks)
  local class = class_of(text)
  if class and #blocks == 1 and blocks[1].t == 'Plain' then
    blocks[1].content = { pandoc.Span(blocks[1].content, { class = 'verdict verdict-' .. class }) }
  end
  return blocks
end

function Table(t)
  for _, body in ipairs(t.bodies) do
    for _, row in ipairs(body.body) do
      for _, cell in ipairs(row.cells) do cell.contents = mark(cell.contents) end
    end
  end
  return pandoc.Div({ t }, { class = 'table' })
end

function Strong(s)
  local class = class_of(pandoc.utils.stringify(s))
  if class then return pandoc.Span({ s }, { class = 'verdict verdict-' .. class }) end
end
