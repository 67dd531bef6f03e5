import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local bound to one address (127.0.0.1 unless -Dstoryboard.host says otherwise).
 *
 * The jar's own main binds Jetty to every interface and has no option to change it (its
 * DynamoDBProxyServer calls `new Server(port)`). This builds the same server from the same
 * command-line arguments, sets the host of its one connector before Jetty opens the socket,
 * and starts it: what anyone on the network could reach is now only this machine
 * (docs/decisions.md#local-runtime-stays-local). Telemetry is not configured, so none is sent.
 */
public final class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("storyboard.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    if (proxy == null) {
      System.err.println("DynamoDB Local refused its arguments");
      System.exit(2);
    }
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server jetty = (Server) field.get(proxy);
    Connector[] connectors = jetty.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) {
      if (!(connector instanceof ServerConnector)) throw new IllegalStateException("Unexpected connector " + connector);
      ((ServerConnector) connector).setHost(host);
    }
    proxy.start();
  }
}
