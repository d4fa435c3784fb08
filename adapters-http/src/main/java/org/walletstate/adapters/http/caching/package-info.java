/**
 * HTTP caching of the answers that may be cached: {@code @Validated} endpoints answer with a strong
 * {@code ETag} and honour {@code If-None-Match} with 304 ({@link
 * org.walletstate.adapters.http.caching.ConditionalGets}); every other API answer is {@code
 * Cache-Control: no-store} (set at the edge).
 */
package org.walletstate.adapters.http.caching;
