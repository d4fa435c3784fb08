package org.walletstate.adapters.http.wiring;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * Tests collect the finished spans in memory: Quarkus hands every {@code SpanExporter} bean the
 * spans. Unused while the OpenTelemetry SDK is off (the default); {@code TracingTest} turns it on.
 */
@ApplicationScoped
public class InMemorySpans {

  @Produces
  @Singleton
  InMemorySpanExporter inMemorySpanExporter() {
    return InMemorySpanExporter.create();
  }
}
