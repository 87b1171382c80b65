export default ['features/projects', 'features/forecast'];
