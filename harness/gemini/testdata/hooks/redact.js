#!/usr/bin/env node
// Gemini: decision "deny" after the tool hides its output behind the reason.
let data = "";
process.stdin.on("data", (c) => (data += c));
process.stdin.on("end", () => {
  const event = JSON.parse(data);
  if (/AKIA[0-9A-Z]{16}/.test(event.tool_response.llmContent)) {
    console.log(JSON.stringify({ decision: "deny", reason: "[output withheld: it holds an AWS key]" }));
  }
});
