// What a refusal says, as code and values: the code of what is wrong (a refused field's reason,
// else the error's own code) and the values its text names.
export function refusal(body: { code?: string; reason?: string; params?: Record<string, string> }) {
  return { code: body.reason ?? body.code, ...(body.params ? { params: body.params } : {}) };
}
