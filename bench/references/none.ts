/** Reference for functions that use no AWS SDK client: a handler that does nothing. */
export const handler = async () => ({ statusCode: 200 });
